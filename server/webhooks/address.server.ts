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
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6')
}

const loopback = new net.BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

/** 127.0.0.0/8 or ::1 (or IPv4-mapped 127.x): traffic that never leaves this machine. */
export function isLoopbackAddress(address: string): boolean {
  const family = net.isIP(address)
  return family !== 0 && loopback.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/** True for an address a webhook may not reach (IPv4-mapped IPv6 counts as its IPv4 address). */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 0) return false
  if (family === 4) return blocked.check(address, 'ipv4')
  // NAT64 (64:ff9b::/96) carries an IPv4 address in its last 32 bits.
  const nat64 = /^64:ff9b::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (nat64?.[1]) return blocked.check(nat64[1], 'ipv4')
  return blocked.check(address, 'ipv6')
}

/** A webhook's host as a bare name or IP (URL keeps IPv6 literals in brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '')
}

export class RefusedAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS'
}

const refusal = (host: string, address: string) =>
  new RefusedAddressError(
    address === host
      ? `${host} is a private, loopback or link-local address`
      : `${host} resolves to ${address}, a private, loopback or link-local address`,
  )

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
