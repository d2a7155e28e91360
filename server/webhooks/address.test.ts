import { describe, expect, it } from 'vitest'
import { isLoopbackAddress, isPrivateAddress, refusedAddress } from './address.server.ts'

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
