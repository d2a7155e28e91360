import { describe, expect, it } from 'vitest'
import {
  addressProblem,
  embeddedIPv4,
  isLoopbackAddress,
  isPrivateAddress,
  publicOnlyLookup,
  refusedAddress,
} from './address.server.ts'
import { postJson } from './post.server.ts'

describe('addresses a webhook may not reach', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::10.0.0.1',
  ])('%s is refused', (address) => {
    expect(isPrivateAddress(address)).toBe(true)
  })

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ])('%s is allowed', (address) => {
    expect(isPrivateAddress(address)).toBe(false)
  })

  // IPv6 spellings that carry an IPv4 address, as the URL parser leaves them (hex, not dotted).
  it.each([
    ['NAT64 to loopback', '64:ff9b::7f00:1', '127.0.0.1'],
    ['NAT64, dotted', '64:ff9b::10.0.0.1', '10.0.0.1'],
    ['NAT64 to cloud metadata', '64:ff9b::a9fe:a9fe', '169.254.169.254'],
    ['IPv4-compatible loopback', '::7f00:1', '127.0.0.1'],
    ['IPv4-compatible, dotted', '::192.168.1.1', '192.168.1.1'],
    ['IPv4-mapped, hex', '::ffff:a00:1', '10.0.0.1'],
    ['IPv4-mapped, written out', '0:0:0:0:0:ffff:7f00:1', '127.0.0.1'],
    ['IPv4-translated', '::ffff:0:7f00:1', '127.0.0.1'],
  ])('%s (%s) is refused as %s', (_label, address, ipv4) => {
    expect(embeddedIPv4(address)).toBe(ipv4)
    expect(isPrivateAddress(address)).toBe(true)
    expect(addressProblem(address)).toBe('a private, loopback or link-local address')
  })

  it.each([
    ['NAT64 to a public address', '64:ff9b::808:808', '8.8.8.8'],
    ['IPv4-mapped public', '::ffff:808:808', '8.8.8.8'],
  ])('%s (%s) is allowed as %s', (_label, address, ipv4) => {
    expect(embeddedIPv4(address)).toBe(ipv4)
    expect(isPrivateAddress(address)).toBe(false)
  })

  it.each([
    ['6to4 of loopback', '2002:7f00:1::'],
    ['6to4 of a public address', '2002:808:808::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
    ['Teredo, short', '2001::1'],
    ['local-use NAT64', '64:ff9b:1::7f00:1'],
  ])('%s (%s) is refused outright as a tunnel', (_label, address) => {
    expect(isPrivateAddress(address)).toBe(true)
    expect(addressProblem(address)).toMatch(/6to4, Teredo or local NAT64/)
  })

  it.each(['2001:db8::1', '100::1', 'fec0::1'])('reserved %s is refused', (address) => {
    expect(isPrivateAddress(address)).toBe(true)
  })

  it.each(['2606:4700::1111', '2a00:1450:4009:81f::200e', '2001:4860:4860::8888', '2003::1'])(
    'global %s is allowed and carries no IPv4',
    (address) => {
      expect(embeddedIPv4(address)).toBeNull()
      expect(isPrivateAddress(address)).toBe(false)
    },
  )

  it.each([
    ['http://[64:ff9b::127.0.0.1]/', '[64:ff9b::7f00:1]', /private, loopback or link-local/],
    ['http://[::127.0.0.1]/', '[::7f00:1]', /private, loopback or link-local/],
    ['https://[::ffff:0:10.0.0.1]/', '[::ffff:0:a00:1]', /private, loopback or link-local/],
    ['https://[2002:7f00:1::]/', '[2002:7f00:1::]', /6to4, Teredo or local NAT64/],
    ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', '[2001:0:4136:e378:8000:63bf:80ff:fffe]', /Teredo/],
  ])('refuses %s on save, as the URL parser writes it (%s)', async (url, hostname, message) => {
    const parsed = new URL(url)
    expect(parsed.hostname).toBe(hostname)
    expect(await refusedAddress(parsed)).toMatch(message)
  })

  it('refuses those forms when connecting: an IP literal in the URL, or what a name resolves to', async () => {
    const stop = new AbortController().signal
    const options = { timeoutMs: 500, allowPrivate: false, requireHttps: false, stop }
    expect(await postJson('http://[64:ff9b::127.0.0.1]:1/', '{}', {}, options)).toMatchObject({
      ok: false,
      statusCode: null,
      error: 'Refused: 64:ff9b::7f00:1 is a private, loopback or link-local address',
    })
    expect((await postJson('https://[2002:7f00:1::]:1/', '{}', {}, options)).error).toMatch(
      /^Refused: 2002:7f00:1:: is a 6to4/,
    )
    // The lookup used at connection: a name resolving to such an address is refused there.
    const resolved = await new Promise<Error | null>((resolve) =>
      publicOnlyLookup('::7f00:1', { all: false }, (err) => resolve(err)),
    )
    expect(resolved?.message).toBe('::7f00:1 is a private, loopback or link-local address')
  })

  it('tells loopback from the rest of the private ranges', () => {
    expect(['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'].map(isLoopbackAddress)).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(['10.0.0.1', '192.168.1.1', 'fd00::1', '8.8.8.8', 'localhost'].map(isLoopbackAddress)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
  })

  it('checks IP literals in any spelling the URL parser accepts, and names by what they resolve to', async () => {
    for (const url of [
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::ffff:7f00:1]/',
      'http://localhost/',
      'http://[0:0:0:0:0:0:0:1]/',
    ]) {
      expect(await refusedAddress(new URL(url)), url).toMatch(/private, loopback or link-local/)
    }
    expect(await refusedAddress(new URL('https://203.0.113.5/hook'))).toBeUndefined()
    expect(await refusedAddress(new URL('https://no-such-host.invalid/'))).toBe(
      'no-such-host.invalid could not be found',
    )
  })
})
