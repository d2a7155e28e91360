import { describe, expect, it } from 'vitest'
import {
  newRecoveryCodes,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
  recoveryCodeHash,
} from './recovery-codes.server.ts'

describe('recovery codes', () => {
  it('are ten distinct codes of two groups of five unambiguous characters', () => {
    const codes = newRecoveryCodes()
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT)
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT)
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/)
  })

  it('hash the same however they are typed back', () => {
    const [code = ''] = newRecoveryCodes(1)
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `
    expect(normaliseRecoveryCode(typed)).toBe(code.replace('-', ''))
    expect(recoveryCodeHash(typed)).toBe(recoveryCodeHash(code))
    expect(recoveryCodeHash(code)).toMatch(/^[0-9a-f]{64}$/)
    expect(recoveryCodeHash(code)).not.toContain(code.replace('-', ''))
  })

  it('differ in hash from one another', () => {
    const hashes = newRecoveryCodes().map(recoveryCodeHash)
    expect(new Set(hashes).size).toBe(RECOVERY_CODE_COUNT)
  })
})
