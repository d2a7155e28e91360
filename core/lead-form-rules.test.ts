import { describe, expect, it } from 'vitest'
import { answersLimitErrors, type LeadFormInput, leadFormErrors, recheckedErrors } from './lead-form-rules.ts'
import { fieldErrors, leadSchema } from './schemas/leads.ts'

const valid: LeadFormInput = {
  firstName: 'Mary',
  lastName: 'Jackson',
  email: 'mary@example.co.uk',
  phone: '07700 900123',
  carDetails: 'Ford Focus 2016',
  hasConsent: true,
}

const visible = ['firstName', 'lastName', 'email', 'phone', 'carDetails', 'hasConsent']

/** What the server's schema says about the same fields. */
function serverErrors(input: LeadFormInput): Record<string, string> {
  const parsed = leadSchema.safeParse(input)
  if (parsed.success) return {}
  const all = fieldErrors(parsed.error)
  return Object.fromEntries(Object.entries(all).filter(([key]) => visible.includes(key)))
}

const cases: [string, LeadFormInput][] = [
  ['a valid lead', valid],
  ['an empty form', {}],
  ['blank names', { ...valid, firstName: '   ', lastName: '' }],
  ['a long name', { ...valid, firstName: 'x'.repeat(101) }],
  ['markup in a name', { ...valid, lastName: '<b>Jackson</b>' }],
  ['a control character in a name', { ...valid, firstName: 'Ma\u0000ry' }],
  ['a zero-width character in a name', { ...valid, firstName: 'Ma\u200bry' }],
  ['no e-mail', { ...valid, email: ' ' }],
  ['an e-mail without a domain', { ...valid, email: 'mary@' }],
  ['an e-mail without a dot in the domain', { ...valid, email: 'mary@localhost' }],
  ['an e-mail with two dots', { ...valid, email: 'mary..j@example.com' }],
  ['an e-mail with a plus', { ...valid, email: 'mary+claims@example.com' }],
  ['a long e-mail', { ...valid, email: `${'m'.repeat(250)}@example.com` }],
  ['no phone', { ...valid, phone: '' }],
  ['a short phone', { ...valid, phone: '0770090' }],
  ['an international phone', { ...valid, phone: '+44 (0)7700 900123' }],
  ['a US phone', { ...valid, phone: '+1 202 555 0123' }],
  ['a long phone', { ...valid, phone: `07700 900123${' '.repeat(20)}1` }],
  ['long car details', { ...valid, carDetails: 'c'.repeat(201) }],
  ['a control character in car details', { ...valid, carDetails: 'Ford\u0007' }],
  ['no consent', { ...valid, hasConsent: false }],
]

describe('leadFormErrors (the browser) agrees with leadSchema (the server)', () => {
  it.each(cases)('%s', (_label, input) => {
    expect(leadFormErrors(input)).toEqual(serverErrors(input))
  })

  it('finds nothing wrong with a valid lead and every field wrong in an empty form', () => {
    expect(leadFormErrors(valid)).toEqual({})
    expect(Object.keys(leadFormErrors({})).sort()).toEqual([
      'email',
      'firstName',
      'hasConsent',
      'lastName',
      'phone',
    ])
  })
})

describe('answersLimitErrors (the browser) agrees with leadSchema (the server) on answers', () => {
  const base = { ...valid, hasConsent: true as const }
  it.each([
    ['valid answers', { loanAmount: '35000+' }],
    ['a long value', { loanAmount: 'x'.repeat(201) }],
    ['a long question id', { ['q'.repeat(65)]: 'yes' }],
    ['too many answers', Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`q${i}`, 'x']))],
  ])('%s', (_label, answers: Record<string, string>) => {
    const parsed = leadSchema.safeParse({ ...base, answers })
    const server = parsed.success ? {} : fieldErrors(parsed.error)
    expect(answersLimitErrors(answers)).toEqual(server)
  })
})

describe('recheckedErrors: after a first submit, a field is checked again as it changes', () => {
  const sent = leadFormErrors({ email: 'sam@', hasConsent: false })
  const valid: LeadFormInput = {
    firstName: 'Sam',
    lastName: 'Steps',
    email: 'sam@example.com',
    phone: '07700 900123',
    hasConsent: true,
  }

  it('drops a fixed field’s error at once and keeps the others', () => {
    const next = recheckedErrors(sent, 'email', { ...valid, firstName: '' })
    expect(next.email).toBeUndefined()
    expect(next.firstName).toBe('First name is required')
    expect(next.hasConsent).toBe('You must agree to be contacted to continue')
  })

  it('drops the consent error when the box is ticked, and brings it back when unticked', () => {
    expect(recheckedErrors(sent, 'hasConsent', valid).hasConsent).toBeUndefined()
    expect(recheckedErrors({}, 'hasConsent', { ...valid, hasConsent: false }).hasConsent).toBe(
      'You must agree to be contacted to continue',
    )
  })

  it('updates an error whose reason changed', () => {
    expect(recheckedErrors(sent, 'email', { email: '' }).email).toBe('Email is required')
  })

  it('leaves errors it does not own (the server’s) alone', () => {
    const server = { form: 'Too many attempts', 'answers.loanAmount': 'answers.loanAmount: bad' }
    expect(recheckedErrors(server, 'form', valid)).toEqual(server)
    expect(recheckedErrors(server, 'email', valid)).toEqual(server)
  })
})
