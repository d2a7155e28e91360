import { describe, expect, it } from 'vitest'
import { describeUserAgent, ipPrefix } from './client-details.ts'

describe('ipPrefix', () => {
  it('keeps an IPv4 address to its /24', () => {
    expect(ipPrefix('203.0.113.57')).toBe('203.0.113.0/24')
    expect(ipPrefix('127.0.0.1')).toBe('127.0.0.0/24')
  })

  it('keeps an IPv6 address to its /48', () => {
    expect(ipPrefix('2001:db8:1234:5678::1')).toBe('2001:db8:1234::/48')
    expect(ipPrefix('2001:0db8:0000:ffff:1:2:3:4')).toBe('2001:db8::/48')
    expect(ipPrefix('2a00:1450:4009:81f::200e')).toBe('2a00:1450:4009::/48')
    expect(ipPrefix('::1')).toBe('::/48')
    expect(ipPrefix('fe80::1%eth0')).toBe('fe80::/48')
  })

  it('reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(ipPrefix('::ffff:198.51.100.23')).toBe('198.51.100.0/24')
    expect(ipPrefix('::FFFF:10.1.2.3')).toBe('10.1.2.0/24')
  })

  it('never returns the whole address, and nothing for what is not one', () => {
    expect(ipPrefix('198.51.100.23')).not.toContain('.23')
    expect(ipPrefix('2001:db8:1234:5678::1')).not.toContain('5678')
    expect(ipPrefix(undefined)).toBeNull()
    expect(ipPrefix('')).toBeNull()
    expect(ipPrefix('not an address')).toBeNull()
    expect(ipPrefix('999.1.1.1')).toBeNull()
  })
})

describe('describeUserAgent', () => {
  const cases: [string, string, string][] = [
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Windows',
      'Chrome 131',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      'Windows',
      'Edge 131',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Mac',
      'Safari 18',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
      'iPhone',
      'Safari 17',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      'iPad',
      'Chrome 131',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Android phone',
      'Chrome 131',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36',
      'Android tablet',
      'Samsung Internet 26',
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Linux',
      'Firefox 133',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Linux',
      'Headless Chrome 131',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
      'Chromebook',
      'Opera 115',
    ],
    ['curl/8.5.0', 'Unknown device', 'curl'],
  ]

  it.each(cases)('%s', (ua, device, browser) => {
    expect(describeUserAgent(ua)).toEqual({ device, browser })
  })

  it('names what it cannot read as unknown', () => {
    expect(describeUserAgent(null)).toEqual({ device: 'Unknown device', browser: 'Unknown browser' })
    expect(describeUserAgent('something/1.0')).toEqual({
      device: 'Unknown device',
      browser: 'Unknown browser',
    })
  })
})
