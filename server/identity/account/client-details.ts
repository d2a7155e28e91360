import { isIPv4, isIPv6 } from 'node:net'

/** The longest User-Agent kept on a session: enough to tell browsers apart, not a place to store data. */
export const USER_AGENT_MAX = 300

/**
 * Where a request came from, to the network and no closer: an IPv4 address as its /24
 * ("203.0.113.0/24"), an IPv6 one as its /48 ("2001:db8:1::/48"), an IPv4-mapped IPv6 address
 * ("::ffff:203.0.113.9") as the IPv4 /24. Anything else is null. The whole address is never kept.
 */
export function ipPrefix(address: string | undefined | null): string | null {
  if (!address) return null
  const ip = address.trim()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped?.[1]) return ipPrefix(mapped[1])
  if (isIPv4(ip)) {
    const [a, b, c] = ip.split('.')
    return `${a}.${b}.${c}.0/24`
  }
  if (!isIPv6(ip)) return null
  const groups = expandIPv6(ip).slice(0, 3)
  const text = groups.map((g) => g.toString(16))
  // The trailing zero groups of the prefix fold into "::", as an address would be written.
  while (text.length > 0 && text[text.length - 1] === '0') text.pop()
  return `${text.join(':')}::/48`
}

/** The eight 16-bit groups of an IPv6 address (with "::" expanded, an embedded IPv4 tail read). */
function expandIPv6(ip: string): number[] {
  let address = ip.split('%')[0] ?? ip
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)
  if (v4?.[1]) {
    const [a, b, c, d] = v4[1].split('.').map(Number) as [number, number, number, number]
    address = `${address.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = address.split('::') as [string, string | undefined]
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : [])
  const left = part(head)
  const right = part(tail)
  const zeros = tail === undefined ? [] : new Array(8 - left.length - right.length).fill(0)
  return [...left, ...zeros, ...right]
}

export type ClientDetails = { device: string; browser: string }

const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/\bHeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/\bChrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
]

/**
 * "Chrome 131" on "Windows", "Safari 17" on "iPhone": enough for a person to recognise their own
 * devices in a list. A small parser of our own, not a full user-agent database; what it does not
 * know it calls "Unknown browser" / "Unknown device".
 */
export function describeUserAgent(userAgent: string | null | undefined): ClientDetails {
  const ua = userAgent ?? ''
  let browser = 'Unknown browser'
  for (const [pattern, name] of browsers) {
    const match = pattern.exec(ua)
    if (match) {
      browser = `${name} ${match[1]}`
      break
    }
  }
  if (browser === 'Unknown browser' && /^curl\//.test(ua)) browser = 'curl'
  return { device: deviceOf(ua), browser }
}

function deviceOf(ua: string): string {
  if (/\biPhone\b/.test(ua)) return 'iPhone'
  if (/\biPad\b/.test(ua)) return 'iPad'
  if (/\bAndroid\b/.test(ua)) return /\bMobile\b/.test(ua) ? 'Android phone' : 'Android tablet'
  if (/\bCrOS\b/.test(ua)) return 'Chromebook'
  if (/\bWindows\b/.test(ua)) return 'Windows'
  if (/\bMacintosh\b|\bMac OS X\b/.test(ua)) return 'Mac'
  if (/\bLinux\b/.test(ua)) return 'Linux'
  return 'Unknown device'
}
