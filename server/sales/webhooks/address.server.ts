import dns from 'node:dns'
import net from 'node:net'

/**
 * Addresses a webhook may not reach: this machine, the private networks behind it, link-local
 * (cloud metadata at 169.254.169.254), unspecified, carrier-grade NAT, multicast and reserved.
 * Otherwise an admin's webhook, or a buyer's DNS, could make the server post leads to, or probe,
 * services that are not on the internet.
 */
const blocked = new net.BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // Discard-only, documentation and the old site-local range: never a real receiver.
  ['100::', 64],
  ['2001:db8::', 32],
  ['fec0::', 10],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6')
}

/**
 * Tunnels and translators that lead to an IPv4 address which is not checked where it is written:
 * Teredo (2001::/32, the client's address XOR-ed), 6to4 (2002::/16, deprecated by RFC 7526) and
 * local-use NAT64 (64:ff9b:1::/48, a network's own translator, RFC 8215). No webhook receiver needs
 * them, so they are refused outright rather than decoded.
 */
const tunnels = new net.BlockList()
tunnels.addSubnet('2001::', 32, 'ipv6')
tunnels.addSubnet('2002::', 16, 'ipv6')
tunnels.addSubnet('64:ff9b:1::', 48, 'ipv6')

const loopback = new net.BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

/** 127.0.0.0/8 or ::1 (or IPv4-mapped 127.x): traffic that never leaves this machine. */
export function isLoopbackAddress(address: string): boolean {
  const family = net.isIP(address)
  return family !== 0 && loopback.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/** The 16 bytes of an IPv6 address in any valid spelling (`::`, a dotted IPv4 tail, a zone). */
function ipv6Bytes(address: string): Uint8Array | null {
  const text = address.replace(/%.*$/, '')
  if (!net.isIPv6(text)) return null
  let groups = text
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(groups)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    groups = `${groups.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = groups.split('::')
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : [])
  const front = parse(head)
  const back = tail === undefined ? [] : parse(tail)
  const words = [...front, ...new Array(8 - front.length - back.length).fill(0), ...back]
  const bytes = new Uint8Array(16)
  words.forEach((word, i) => {
    bytes[i * 2] = word >> 8
    bytes[i * 2 + 1] = word & 0xff
  })
  return bytes
}

/**
 * The IPv4 address an IPv6 address stands for, where the IPv6 address is only a spelling or a
 * translation of one: IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96),
 * IPv4-compatible (::/96) and NAT64 (64:ff9b::/96). Null for any other address.
 */
export function embeddedIPv4(address: string): string | null {
  const bytes = ipv6Bytes(address)
  if (!bytes) return null
  const zero = (from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0)
  const word = (i: number) => (bytes[i * 2] as number) * 256 + (bytes[i * 2 + 1] as number)
  const carries =
    (zero(0, 10) && word(5) === 0xffff) ||
    (zero(0, 8) && word(4) === 0xffff && word(5) === 0) ||
    zero(0, 12) ||
    (word(0) === 0x64 && word(1) === 0xff9b && zero(4, 12))
  return carries ? bytes.subarray(12).join('.') : null
}

/** Why a webhook may not reach this address, or undefined when it may. */
export function addressProblem(address: string): string | undefined {
  const family = net.isIP(address)
  if (family === 0) return undefined
  if (family === 4) return blocked.check(address, 'ipv4') ? PRIVATE : undefined
  const ipv4 = embeddedIPv4(address)
  if (ipv4 !== null) return blocked.check(ipv4, 'ipv4') ? PRIVATE : undefined
  if (tunnels.check(address, 'ipv6')) return TUNNEL
  return blocked.check(address, 'ipv6') ? PRIVATE : undefined
}

const PRIVATE = 'a private, loopback or link-local address'
const TUNNEL = 'a 6to4, Teredo or local NAT64 address (tunnels to IPv4 are not allowed)'

/** True for an address a webhook may not reach (IPv6 carrying an IPv4 address counts as that address). */
export function isPrivateAddress(address: string): boolean {
  return addressProblem(address) !== undefined
}

/** A webhook's host as a bare name or IP (URL keeps IPv6 literals in brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '')
}

export class RefusedAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS'
}

const refusal = (host: string, address: string) => {
  const problem = addressProblem(address) ?? PRIVATE
  return new RefusedAddressError(
    address === host ? `${host} is ${problem}` : `${host} resolves to ${address}, ${problem}`,
  )
}

/**
 * Why this URL may not be used, or undefined when it may. IP literals are checked as they are,
 * names by every address they resolve to now.
 */
export async function refusedAddress(url: URL): Promise<string | undefined> {
  const host = hostOf(url)
  if (net.isIP(host)) return isPrivateAddress(host) ? refusal(host, host).message : undefined
  let addresses: dns.LookupAddress[]
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true })
  } catch {
    return `${host} could not be found`
  }
  const bad = addresses.find((a) => isPrivateAddress(a.address))
  return bad ? refusal(host, bad.address).message : undefined
}

/** The host is, or resolves only to, loopback addresses (plain http to it never crosses a network). */
export async function isLoopbackOnly(url: URL): Promise<boolean> {
  const host = hostOf(url)
  if (net.isIP(host)) return isLoopbackAddress(host)
  try {
    const addresses = await dns.promises.lookup(host, { all: true, verbatim: true })
    return addresses.length > 0 && addresses.every((a) => isLoopbackAddress(a.address))
  } catch {
    return false
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void

/** Resolves `hostname` with `accept` deciding which addresses may be connected to. */
function checkedLookup(
  accept: (address: string) => boolean,
  why: (hostname: string, address: string) => Error,
) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, [])
      const bad = addresses.find((a) => !accept(a.address))
      if (bad) return callback(why(hostname, bad.address), [])
      if (options.all) return callback(null, addresses)
      const first = addresses[0]
      if (!first)
        return callback(Object.assign(new Error(`${hostname} could not be found`), { code: 'ENOTFOUND' }), [])
      callback(null, first.address, first.family)
    })
  }
}

/**
 * Plain http in production is allowed only to this machine (with WEBHOOK_ALLOW_PRIVATE): a name
 * must resolve to loopback addresses alone at the moment of connecting.
 */
export const loopbackOnlyLookup = checkedLookup(
  isLoopbackAddress,
  (host, address) =>
    new RefusedAddressError(`${host} resolves to ${address}: plain http must stay on this machine`),
)

/**
 * A `lookup` for http.request that refuses private addresses at the moment of connecting, so a
 * name that resolved to a public address when it was saved cannot be pointed inward later (DNS
 * rebinding): the address checked is the address used. IP literals never reach a lookup.
 */
export const publicOnlyLookup = checkedLookup((address) => !isPrivateAddress(address), refusal)
