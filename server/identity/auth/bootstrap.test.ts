import { describe, expect, it } from 'vitest'
import { setupTokenFor } from './bootstrap.ts'

describe('first-admin setup token', () => {
  it('is the same on every instance that shares SESSION_SECRET', () => {
    const secret = 'a-shared-session-secret-of-some-length'
    expect(setupTokenFor({ sessionSecret: secret })).toBe(setupTokenFor({ sessionSecret: secret }))
  })

  it('differs with the secret and does not reveal it', () => {
    const a = setupTokenFor({ sessionSecret: 'first-secret-0123456789' })
    const b = setupTokenFor({ sessionSecret: 'second-secret-0123456789' })
    expect(a).not.toBe(b)
    expect(a).toMatch(/^[\w-]{43}$/)
    expect(a).not.toContain('first-secret')
  })
})
