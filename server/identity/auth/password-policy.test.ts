import { describe, expect, it } from 'vitest'
import { PASSWORD_COMMON, PASSWORD_SHORT } from '../../../core/schemas/fields.ts'
import { assertAcceptablePassword, isCommonPassword, passwordProblem } from './password-policy.server.ts'

describe('the password rule', () => {
  it.each([
    ['empty', ''],
    ['8 characters', 'k9#vLq2m'],
    ['11 characters', 'k9#vLq2mZ4x'],
    ['password (on the list too)', 'password'],
  ])('refuses %s as too short', (_label, value) => {
    expect(passwordProblem(value)).toBe(PASSWORD_SHORT)
  })

  it('knows the most common password of all', () => {
    expect(isCommonPassword('password')).toBe(true)
  })

  it.each([
    ['a list entry repeated', 'passwordpassword'],
    ['a list entry with digits', 'password1234'],
    ['capitalised with a symbol', 'Password123!'],
    ['l33t spelling', 'P@ssw0rd1234'],
    ['reversed and repeated', 'drowssapdrowssap'],
    ['a keyboard walk', 'qwertyuiop12'],
    ['a keyboard pattern from the list', '1qaz2wsx3edc'],
    ['one character repeated', 'aaaaaaaaaaaa'],
    ['a sequence', 'abcdefghijkl'],
    ['digits', '123456789012'],
    ['two very common words', 'monkeybanana'],
    ['a football club and digits', 'liverpool123'],
    ['a phrase from the list and a year', 'iloveyou2024'],
  ])('refuses %s (%s) as common', (_label, value) => {
    expect(passwordProblem(value)).toBe(PASSWORD_COMMON)
    expect(isCommonPassword(value)).toBe(true)
  })

  it.each([
    ['the e2e ADMIN_PASSWORD', 'correct-horse-battery'],
    ['a passphrase of ordinary words', 'correct horse battery staple'],
    ['a passphrase in one word', 'correcthorsebattery'],
    ['a sentence', 'my dog is called rover'],
    ['random characters, 12', 'k9#vLq2mZ4xT'],
    ['the longest allowed', 'k9#vLq2mZ4xT'.repeat(16).slice(0, 200)],
  ])('accepts %s', (_label, value) => {
    expect(passwordProblem(value)).toBeUndefined()
    expect(() => assertAcceptablePassword(value)).not.toThrow()
  })

  it('refuses what is not a string or longer than 200 characters, and answers 400', () => {
    expect(passwordProblem(undefined)).toBe('Password is required')
    expect(passwordProblem('k9#vLq2mZ4xT'.repeat(17))).toBe('Password must be at most 200 characters')
    expect(() => assertAcceptablePassword('passwordpassword')).toThrow(
      expect.objectContaining({ status: 400, message: PASSWORD_COMMON }),
    )
  })
})
