import { describe, expect, it } from 'vitest'
import {
  parseSubjectQuery,
  SUBJECT_EMAIL_INVALID,
  SUBJECT_PHONE_INVALID,
  SUBJECT_QUERY_BOTH,
  SUBJECT_QUERY_MISSING,
  subjectQueryString,
} from './data-requests.ts'

describe('parseSubjectQuery', () => {
  it('reads an email the way leads store it: trimmed and lower-cased', () => {
    expect(parseSubjectQuery({ email: '  Ann.Lee@Example.COM ' })).toEqual({
      ok: true,
      identity: { by: 'email', email: 'ann.lee@example.com' },
      download: false,
    })
  })

  it.each([
    '07700 900123',
    '07700900123',
    '+44 7700 900123',
    '+44 (0)7700 900123',
    '0044 7700-900-123',
    '(07700) 900.123',
  ])('reads the phone %s as E.164', (phone) => {
    expect(parseSubjectQuery({ phone })).toEqual({
      ok: true,
      identity: { by: 'phone', phone: '+447700900123' },
      download: false,
    })
  })

  it('asks for a download with download=1 or true', () => {
    expect(parseSubjectQuery({ email: 'a@b.co', download: '1' })).toMatchObject({ download: true })
    expect(parseSubjectQuery({ email: 'a@b.co', download: 'true' })).toMatchObject({ download: true })
    expect(parseSubjectQuery({ email: 'a@b.co', download: '0' })).toMatchObject({ download: false })
  })

  it.each([
    [{}, SUBJECT_QUERY_MISSING],
    [undefined, SUBJECT_QUERY_MISSING],
    [{ email: '  ' }, SUBJECT_QUERY_MISSING],
    [{ email: 'a@b.co', phone: '07700900123' }, SUBJECT_QUERY_BOTH],
    [{ email: 'not-an-email' }, SUBJECT_EMAIL_INVALID],
    [{ phone: '12345' }, SUBJECT_PHONE_INVALID],
    [{ phone: '+1 202 555 0100' }, SUBJECT_PHONE_INVALID],
    [{ email: ['a@b.co', 'c@d.co'] }, 'Give one email address or one phone number'],
    [{ email: `${'a'.repeat(250)}@b.co` }, 'The search is too long'],
  ])('refuses %j: %s', (query, message) => {
    expect(parseSubjectQuery(query)).toEqual({ ok: false, message })
  })

  it('builds the query string the panel sends', () => {
    expect(subjectQueryString('email', ' a+b@c.co ')).toBe('email=a%2Bb%40c.co')
    expect(subjectQueryString('phone', '+44 7700 900123', true)).toBe('phone=%2B44+7700+900123&download=1')
  })
})
