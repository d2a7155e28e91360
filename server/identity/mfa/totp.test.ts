import { describe, expect, it } from 'vitest'
import { acceptTotp, newTotpSecret, stepAt, totpFor, totpUri } from './totp.server.ts'

const codeAt = (secret: string, timestamp: number) => totpFor(secret, 'test', 'test').generate({ timestamp })

describe('authenticator codes', () => {
  const secret = newTotpSecret()
  const now = Date.UTC(2026, 10, 25, 12, 0, 10)

  it('accepts the current code and gives its step', () => {
    expect(acceptTotp(secret, codeAt(secret, now), 0, now)).toBe(stepAt(now))
  })

  it('accepts one step of drift either side, not two', () => {
    expect(acceptTotp(secret, codeAt(secret, now - 30_000), 0, now)).toBe(stepAt(now) - 1)
    expect(acceptTotp(secret, codeAt(secret, now + 30_000), 0, now)).toBe(stepAt(now) + 1)
    expect(acceptTotp(secret, codeAt(secret, now - 60_000), 0, now)).toBeNull()
    expect(acceptTotp(secret, codeAt(secret, now + 60_000), 0, now)).toBeNull()
  })

  it('refuses a code whose step was used already, or an older one', () => {
    const step = stepAt(now)
    expect(acceptTotp(secret, codeAt(secret, now), step, now)).toBeNull()
    expect(acceptTotp(secret, codeAt(secret, now - 30_000), step, now)).toBeNull()
    expect(acceptTotp(secret, codeAt(secret, now + 30_000), step, now)).toBe(step + 1)
  })

  it('refuses a wrong code and another secret’s code', () => {
    const code = codeAt(secret, now)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    expect(acceptTotp(secret, wrong, 0, now)).toBeNull()
    expect(acceptTotp(newTotpSecret(), code, 0, now)).toBeNull()
  })

  it('builds an otpauth address an app reads: SHA1, 6 digits, 30 seconds', () => {
    const uri = totpUri(secret, 'ann@example.test', 'Claim Check')
    expect(uri).toMatch(/^otpauth:\/\/totp\//)
    const params = new URL(uri).searchParams
    expect(params.get('secret')).toBe(secret)
    expect(params.get('digits')).toBe('6')
    expect(params.get('period')).toBe('30')
    expect(params.get('algorithm')).toBe('SHA1')
  })
})
