/**
 * UK phone numbers as people type them (0, +44, 0044, "+44 (0)", spaces, dashes, dots, brackets),
 * read into E.164 (`+447700900123`) with the kind of line. 07 mobiles and 02/03 numbers have 11
 * digits in national form, 01 numbers 10 or 11.
 */
export type PhoneType = 'mobile' | 'landline' | 'other'
export type UkPhone = { e164: string; type: PhoneType }

export const PHONE_FORMATS_HINT =
  'A UK mobile or landline, e.g. 07700 900123, 020 7946 0958 or +44 7700 900123'

function national(value: string): string | null {
  const compact = value.replace(/[\s\-.()]/g, '')
  const digits = compact.replace(/^(?:\+44|0044)0?/, '0')
  return /^0(?:7\d{9}|[23]\d{9}|1\d{8,9})$/.test(digits) ? digits : null
}

export function isUkPhoneNumber(value: string): boolean {
  return national(value) !== null
}

/** 071-075 and 077-079 are mobiles (as is the Isle of Man's 07624); 070 and 076 are not. */
function typeOf(digits: string): PhoneType {
  if (digits.startsWith('07')) {
    if (digits.startsWith('07624')) return 'mobile'
    return /^07[06]/.test(digits) ? 'other' : 'mobile'
  }
  return /^0[123]/.test(digits) ? 'landline' : 'other'
}

export function normaliseUkPhone(value: string): UkPhone | null {
  const digits = national(value)
  if (!digits) return null
  return { e164: `+44${digits.slice(1)}`, type: typeOf(digits) }
}
