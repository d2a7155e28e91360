import { describe, expect, it } from 'vitest'
import { seal, unseal } from './seal.server.ts'

describe('sealed authenticator secrets', () => {
  it('open with the same session secret only', () => {
    const sealed = seal('secret-one-0123456789', 'JBSWY3DPEHPK3PXP')
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(unseal('secret-one-0123456789', sealed)).toBe('JBSWY3DPEHPK3PXP')
    expect(unseal('secret-two-0123456789', sealed)).toBeNull()
  })

  it('refuse a tampered value', () => {
    const sealed = seal('s-0123456789', 'JBSWY3DPEHPK3PXP')
    const parts = sealed.split('.')
    parts[3] = Buffer.from('something else').toString('base64url')
    expect(unseal('s-0123456789', parts.join('.'))).toBeNull()
    expect(unseal('s-0123456789', 'garbage')).toBeNull()
  })
})
