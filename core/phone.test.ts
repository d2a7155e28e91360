import { describe, expect, it } from 'vitest'
import { isUkPhoneNumber, normaliseUkPhone } from './phone.ts'

describe('UK phone numbers', () => {
  it.each([
    ['07700 900123', '+447700900123', 'mobile'],
    ['07700900123', '+447700900123', 'mobile'],
    ['+447700900123', '+447700900123', 'mobile'],
    ['+44 (0)7700 900123', '+447700900123', 'mobile'],
    ['0044 7700-900-123', '+447700900123', 'mobile'],
    ['(07700) 900.123', '+447700900123', 'mobile'],
    ['07624 123456', '+447624123456', 'mobile'],
    ['020 7946 0958', '+442079460958', 'landline'],
    ['0161 496 0000', '+441614960000', 'landline'],
    ['01632 960 001', '+441632960001', 'landline'],
    ['016977 3456', '+44169773456', 'landline'],
    ['0300 123 4567', '+443001234567', 'landline'],
    ['070 1234 5678', '+447012345678', 'other'],
    ['07623 123456', '+447623123456', 'other'],
  ])('%s is %s (%s)', (typed, e164, type) => {
    expect(normaliseUkPhone(typed)).toEqual({ e164, type })
    expect(isUkPhoneNumber(typed)).toBe(true)
  })

  it.each([
    '',
    '0770090012',
    '077009001234',
    '+33 6 12 34 56 78',
    '0800 123 456',
    '09098 790 123',
    'call me',
    '+44',
  ])('%j is not a UK number we take', (typed) => {
    expect(normaliseUkPhone(typed)).toBeNull()
    expect(isUkPhoneNumber(typed)).toBe(false)
  })
})
