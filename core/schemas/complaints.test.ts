import { describe, expect, it } from 'vitest'
import {
  ACKNOWLEDGE_WITHIN_DAYS,
  acknowledgeBy,
  acknowledgementOverdue,
  COMPLAINT_DETAILS_MAX,
  COMPLAINT_REFERENCE_PATTERN,
  complaintAcknowledgement,
  complaintFieldErrors,
  complaintReference,
  complaintSchema,
  complaintUpdateSchema,
} from './complaints.ts'

const valid = {
  name: 'Ann Lee',
  email: ' Ann.Lee@Example.com ',
  details: 'You kept my data after I asked you not to.',
}

describe('complaintSchema', () => {
  it('accepts a complaint and reads a form’s blanks as absent', () => {
    const parsed = complaintSchema.parse({ ...valid, phone: '', leadReference: '  ', contactBy: 'email' })
    expect(parsed).toEqual({
      name: 'Ann Lee',
      email: 'ann.lee@example.com',
      details: valid.details,
      contactBy: 'email',
      phone: undefined,
      leadReference: undefined,
    })
  })

  it('defaults the contact preference to email', () => {
    expect(complaintSchema.parse(valid).contactBy).toBe('email')
  })

  it.each([
    [{ name: '' }, 'name', 'Your name is required'],
    [{ email: 'not-an-address' }, 'email', 'Please enter a valid email address'],
    [{ details: '   ' }, 'details', 'Tell us what your complaint is about'],
    [
      { details: 'x'.repeat(COMPLAINT_DETAILS_MAX + 1) },
      'details',
      `Your complaint must be at most ${COMPLAINT_DETAILS_MAX} characters`,
    ],
    [{ phone: '12345' }, 'phone', 'Please enter a valid UK phone number'],
    [{ contactBy: 'phone' }, 'phone', 'Give a phone number if you want us to call you'],
    [{ contactBy: 'pigeon' }, 'contactBy', 'Choose how we should contact you'],
    [
      { leadReference: 'ref <script>' },
      'leadReference',
      'The enquiry reference has only letters, digits and dashes',
    ],
  ])('refuses %o with a message on its field', (change, field, message) => {
    const parsed = complaintSchema.safeParse({ ...valid, ...change })
    expect(parsed.success).toBe(false)
    if (!parsed.success) expect(complaintFieldErrors(parsed.error)[field]).toBe(message)
  })

  it('takes a UK phone when asked to call', () => {
    expect(complaintSchema.parse({ ...valid, contactBy: 'phone', phone: '07700 900123' }).phone).toBe(
      '07700 900123',
    )
  })
})

describe('complaint references and deadlines', () => {
  it('names the year received and the number, padded to six digits', () => {
    expect(complaintReference(123, new Date('2026-07-01T10:00:00Z'))).toBe('DPC-2026-000123')
    expect(complaintReference(1_234_567, new Date('2027-01-01T00:00:00Z'))).toBe('DPC-2027-1234567')
    expect(complaintReference(5, new Date())).toMatch(COMPLAINT_REFERENCE_PATTERN)
  })

  it('gives 30 days to acknowledge, overdue only while still new', () => {
    const received = new Date('2026-07-01T10:00:00Z')
    expect(ACKNOWLEDGE_WITHIN_DAYS).toBe(30)
    expect(acknowledgeBy(received).toISOString()).toBe('2026-07-31T10:00:00.000Z')
    const after = new Date('2026-07-31T10:00:01Z')
    const before = new Date('2026-07-31T09:59:59Z')
    expect(acknowledgementOverdue({ status: 'new', receivedAt: received }, after)).toBe(true)
    expect(acknowledgementOverdue({ status: 'new', receivedAt: received }, before)).toBe(false)
    expect(acknowledgementOverdue({ status: 'acknowledged', receivedAt: received }, after)).toBe(false)
  })

  it('says the reference, the deadline and the ICO route in the acknowledgement', () => {
    const mail = complaintAcknowledgement('DPC-2026-000007', 'Acme Ltd')
    expect(mail.subject).toContain('DPC-2026-000007')
    expect(mail.text).toContain('DPC-2026-000007')
    expect(mail.text).toContain('within 30 days')
    expect(mail.text).toContain('https://ico.org.uk/make-a-complaint')
    expect(mail.text).toContain('0303 123 1113')
  })
})

describe('complaintUpdateSchema', () => {
  it('takes a status, an outcome and a reply', () => {
    expect(complaintUpdateSchema.parse({ status: 'resolved', outcome: ' Upheld ', reply: 'Sorry' })).toEqual({
      status: 'resolved',
      outcome: 'Upheld',
      reply: 'Sorry',
    })
  })

  it('refuses an unknown status', () => {
    const parsed = complaintUpdateSchema.safeParse({ status: 'closed' })
    expect(parsed.success).toBe(false)
    if (!parsed.success)
      expect(parsed.error.issues[0]?.message).toBe('Status must be new, acknowledged or resolved')
  })
})
