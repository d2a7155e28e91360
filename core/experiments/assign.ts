/**
 * Which variant a visitor sees (docs/decisions/0038-experiment-assignment.md). nginx cannot compute
 * the app's salted visitor hash before its proxy cache, so both sides use what nginx can compute:
 * `split_clients` (MurmurHash2) over the address, user agent and UK day, cut into 100 buckets of
 * 1%. nginx passes its bucket in `X-Claim-Bucket`; without nginx the app computes the same bucket
 * with the functions below, which follow nginx's own code bit for bit.
 */

export const BUCKETS = 100
export const BUCKET_HEADER = 'x-claim-bucket'

const M = 0x5bd1e995

/** nginx's `ngx_murmur_hash2` (MurmurHash2, 32-bit, seed = length). */
export function murmurHash2(data: Uint8Array): number {
  let len = data.length
  let h = (0 ^ len) >>> 0
  let i = 0
  while (len >= 4) {
    let k =
      (data[i] as number) |
      ((data[i + 1] as number) << 8) |
      ((data[i + 2] as number) << 16) |
      ((data[i + 3] as number) << 24)
    k = Math.imul(k, M)
    k ^= k >>> 24
    k = Math.imul(k, M)
    h = Math.imul(h, M)
    h ^= k
    i += 4
    len -= 4
  }
  switch (len) {
    // biome-ignore lint/suspicious/noFallthroughSwitchClause: MurmurHash2's tail falls through
    case 3:
      h ^= (data[i + 2] as number) << 16
    // biome-ignore lint/suspicious/noFallthroughSwitchClause: as above
    case 2:
      h ^= (data[i + 1] as number) << 8
    case 1:
      h ^= data[i] as number
      h = Math.imul(h, M)
  }
  h ^= h >>> 13
  h = Math.imul(h, M)
  h ^= h >>> 15
  return h >>> 0
}

/**
 * The upper bounds nginx's `split_clients` gives 100 parts of `1%` each: part i takes hashes below
 * floor(0xffffffff × (i+1)% ), the last part (`*`) everything left.
 */
const BOUNDS = Array.from({ length: BUCKETS - 1 }, (_, i) =>
  Math.floor((0xffffffff * ((i + 1) * 100)) / 10000),
)

let scratch = new Uint8Array(512)

/** MurmurHash2 of a latin1 string (one byte per character, as Node gives header values). */
export function splitClientsHash(key: string): number {
  if (key.length > scratch.length) scratch = new Uint8Array(key.length * 2)
  for (let i = 0; i < key.length; i++) scratch[i] = key.charCodeAt(i) & 0xff
  return murmurHash2(scratch.subarray(0, key.length))
}

/**
 * The bucket (0–99) nginx's `split_clients` puts this string in. Node gives header values as
 * latin1 strings (one character per byte), so each character is the byte nginx hashed.
 */
export function splitClientsBucket(key: string): number {
  return bucketOfHash(splitClientsHash(key))
}

/** The part of `split_clients` a hash falls in: the first bound above it (estimated, then exact). */
export function bucketOfHash(hash: number): number {
  let i = Math.min(BUCKETS - 1, Math.floor(hash / (0xffffffff / BUCKETS)))
  while (i > 0 && hash < (BOUNDS[i - 1] as number)) i--
  while (i < BUCKETS - 1 && hash >= (BOUNDS[i] as number)) i++
  return i
}

/** The bucket of a visitor on a UK day ('YYYY-MM-DD'): the same string nginx hashes. */
export function visitorBucket(ip: string, userAgent: string, ukDay: string): number {
  return splitClientsBucket(`${ip}${userAgent}${ukDay}`)
}

/** A bucket from nginx's header: an integer 0–99, else undefined. */
export function parseBucket(value: string | string[] | undefined): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,2}$/.test(value)) return undefined
  return Number(value)
}

/**
 * The variant a bucket falls in: the weights cut the 100 buckets into runs in variant order (each
 * weight's share rounded down, the last variant taking the rest), so the split is exact to 1%.
 */
export function variantForBucket<V extends { weight: number }>(
  variants: readonly V[],
  bucket: number,
): V | undefined {
  const total = variants.reduce((sum, v) => sum + Math.max(0, v.weight), 0)
  if (total <= 0) return variants[0]
  let upper = 0
  let acc = 0
  for (const variant of variants) {
    acc += Math.max(0, variant.weight)
    upper = Math.floor((acc * BUCKETS) / total)
    if (bucket < upper) return variant
  }
  return variants.at(-1)
}

/** How a lead and the exposures name a variant: "experimentId:variantName". */
export function variantKey(experimentId: number, variant: string): string {
  return `${experimentId}:${variant}`
}
