import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldErrors, isUkPhoneNumber, leadSchema } from './leads.ts'

const validLead = {
  firstName: 'Jane',
  lastName: 'Smith',
  email: 'jane@example.com',
  phone: '07700 900123',
  hasConsent: true,
}

const validAnswers = {
  hadPcpFinance: 'yes',
  purchaseDateRange: '2011-2014',
  loanAmount: '15000-25000',
  dealerDisclosedCommission: 'unclear',
}

/** Parse a lead and return field → first message, or throw if it unexpectedly passes. */
function errorsFor(input: unknown): Record<string, string> {
  const result = leadSchema.safeParse(input)
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`)
  return fieldErrors(result.error)
}

function without(key: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...validLead }
  delete copy[key]
  return copy
}

describe('leadSchema: a valid lead', () => {
  it('accepts the minimal lead unchanged', () => {
    expect(leadSchema.parse(validLead)).toEqual(validLead)
  })

  it('trims every text field', () => {
    const lead = leadSchema.parse({
      firstName: '  Jane ',
      lastName: '\tSmith\n',
      email: ' jane@example.com  ',
      phone: ' 07700 900123 ',
      carDetails: '  Ford Focus 2016 ',
      hasConsent: true,
    })
    expect(lead).toEqual({
      firstName: 'Jane',
      lastName: 'Smith',
      email: 'jane@example.com',
      phone: '07700 900123',
      carDetails: 'Ford Focus 2016',
      hasConsent: true,
    })
  })

  it('strips unknown fields', () => {
    const lead = leadSchema.parse({ ...validLead, isAdmin: true, id: 7, status: 'paid' })
    expect(lead).toEqual(validLead)
    expect(Object.keys(lead)).not.toContain('isAdmin')
  })
})

describe('leadSchema: carDetails', () => {
  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['whitespace only', '   '],
  ])('is undefined when %s', (_, carDetails) => {
    const lead = leadSchema.parse({ ...validLead, carDetails })
    expect(lead.carDetails).toBeUndefined()
  })

  it('is undefined when the key is absent', () => {
    expect(leadSchema.parse(validLead)).not.toHaveProperty('carDetails')
  })

  it('keeps 200 characters and refuses 201', () => {
    expect(leadSchema.parse({ ...validLead, carDetails: 'a'.repeat(200) }).carDetails).toBe('a'.repeat(200))
    expect(errorsFor({ ...validLead, carDetails: 'a'.repeat(201) })).toEqual({
      carDetails: 'Car details must be at most 200 characters',
    })
  })

  it('refuses a non-string', () => {
    expect(Object.keys(errorsFor({ ...validLead, carDetails: 5 }))).toEqual(['carDetails'])
  })
})

describe('leadSchema: required text fields', () => {
  const required = [
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['email', 'Email is required'],
    ['phone', 'Phone number is required'],
  ] as const

  it.each(required)('refuses %s when missing', (field, message) => {
    expect(errorsFor(without(field))).toEqual({ [field]: message })
  })

  const badValues: [string, unknown][] = [
    ['empty', ''],
    ['whitespace only', '  \t \n '],
    ['a number', 42],
    ['an array', ['Jane']],
    ['an object', { value: 'Jane' }],
    ['null', null],
    ['a boolean', true],
  ]
  const cases = required.flatMap(([field, message]) =>
    badValues.map(([kind, value]) => ({ field, kind, value, message })),
  )

  it.each(cases)('refuses $field when $kind', ({ field, value, message }) => {
    expect(errorsFor({ ...validLead, [field]: value })).toEqual({ [field]: message })
  })

  it('reports every missing field of an empty object', () => {
    expect(errorsFor({})).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      hasConsent: 'You must agree to be contacted to continue',
    })
  })

  it.each([null, undefined, 'lead', 42, []])('refuses %j as a whole under "form"', (input) => {
    expect(Object.keys(errorsFor(input))).toEqual(['form'])
  })
})

describe('leadSchema: names', () => {
  it.each([
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
  ])('%s accepts 100 characters and refuses 101', (field, label) => {
    expect(leadSchema.parse({ ...validLead, [field]: 'a'.repeat(100) })[field as 'firstName']).toBe(
      'a'.repeat(100),
    )
    expect(errorsFor({ ...validLead, [field]: 'a'.repeat(101) })).toEqual({
      [field]: `${label} must be at most 100 characters`,
    })
  })

  it('measures the length after trimming', () => {
    expect(leadSchema.parse({ ...validLead, lastName: `  ${'b'.repeat(100)}  ` }).lastName).toBe(
      'b'.repeat(100),
    )
  })

  it.each(["O'Brien", 'Smith-Jones', 'Zoë', 'Siân', 'José María', 'Nguyễn', 'St. John'])(
    'accepts the real name %j',
    (name) => {
      expect(leadSchema.parse({ ...validLead, firstName: name }).firstName).toBe(name)
    },
  )

  it.each([
    '<script>alert(1)</script>',
    'Jane<b>',
    'Jane>',
    '{{constructor}}',
    'Jane\\',
    'Ja\u0000ne',
    'Ja\tne',
    'Ja\nne',
    'Ja\rne',
    'Jane\u001b[31m',
    'Ja\u007fne',
    'Jane\u202e',
    'Ja\u200bne',
    'Ja\u0085ne',
  ])('refuses the name %j', (name) => {
    expect(errorsFor({ ...validLead, firstName: name })).toEqual({
      firstName: 'First name contains characters that are not allowed',
    })
    expect(errorsFor({ ...validLead, lastName: name })).toEqual({
      lastName: 'Last name contains characters that are not allowed',
    })
  })
})

describe('leadSchema: email', () => {
  it.each([
    'jane@example.com',
    'jane+car-finance@example.com',
    'jane.smith@mail.example.co.uk',
    'JANE.SMITH@EXAMPLE.COM',
    "o'brien@example.org",
    'j_smith-99@sub.domain.example.uk',
  ])('accepts %s as typed', (email) => {
    expect(leadSchema.parse({ ...validLead, email }).email).toBe(email)
  })

  it.each([
    'jane.example.com',
    'jane@',
    '@example.com',
    'jane smith@example.com',
    'jane@exa mple.com',
    'a@b',
    'jane@example',
    'jane@example.com.',
    'jane@@example.com',
    '.jane@example.com',
    'jane..smith@example.com',
    'jane@-example.com',
    'jane@example..com',
  ])('refuses %j', (email) => {
    expect(errorsFor({ ...validLead, email })).toEqual({ email: 'Please enter a valid email address' })
  })

  const withLength = (length: number) => {
    const domain = `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.com`
    return `${'a'.repeat(length - domain.length - 1)}@${domain}`
  }

  it('accepts an address of exactly 254 characters', () => {
    const email = withLength(254)
    expect(email).toHaveLength(254)
    expect(leadSchema.parse({ ...validLead, email }).email).toBe(email)
  })

  it.each([255, 300])('refuses an address of %d characters with the length message', (length) => {
    const email = withLength(length)
    expect(email).toHaveLength(length)
    expect(errorsFor({ ...validLead, email })).toEqual({ email: 'Email must be at most 254 characters' })
  })
})

describe('isUkPhoneNumber and leadSchema: phone', () => {
  it.each([
    '07700 900123',
    '07700900123',
    '+44 7700 900123',
    '+447700900123',
    '0044 7700 900123',
    '(020) 7946 0958',
    '020 7946 0958',
    '01632 960 123',
    '+44 (0)20 7946 0958',
    '+44(0)7700900123',
    '07700-900-123',
    '07700.900.123',
    '0161 496 0000',
    '0300 123 4567',
    '01632 96012',
    '+44 07700 900123',
    '+44 0 7700 900123',
  ])('accepts %j', (phone) => {
    expect(isUkPhoneNumber(phone)).toBe(true)
    expect(leadSchema.parse({ ...validLead, phone }).phone).toBe(phone)
  })

  it.each([
    '123',
    'abc',
    '0770090012345',
    '01234 5678',
    '447700900123',
    '+1 212 555 0123',
    '+33 6 12 34 56 78',
    '07700 900123 ext 1',
    '07700 9OO123',
    // The documented rule: after 0, +44 or 0044 the number must start 1, 2, 3 or 7.
    '08001234567',
    '0800 123 4567',
    '0845 123 4567',
    '09001234567',
    '05601234567',
    '06001234567',
    '00001234567',
    '+44 8001 234567',
    // Mobiles and 02/03 numbers have 11 digits in national form.
    '0770090012',
    '020 7946 095',
    '0300 123 456',
  ])('refuses %j', (phone) => {
    expect(isUkPhoneNumber(phone)).toBe(false)
    expect(errorsFor({ ...validLead, phone })).toEqual({ phone: 'Please enter a valid UK phone number' })
  })

  it('refuses over 25 characters even when the digits are fine', () => {
    const phone = `07700${' '.repeat(15)}900123`
    expect(phone).toHaveLength(26)
    expect(isUkPhoneNumber(phone)).toBe(true)
    expect(errorsFor({ ...validLead, phone })).toEqual({ phone: 'Please enter a valid UK phone number' })
  })
})

describe('leadSchema: hasConsent', () => {
  it.each<[string, unknown]>([
    ['false', false],
    ['the string "true"', 'true'],
    ['the string "on"', 'on'],
    ['1', 1],
    ['null', null],
  ])('refuses %s', (_, hasConsent) => {
    expect(errorsFor({ ...validLead, hasConsent })).toEqual({
      hasConsent: 'You must agree to be contacted to continue',
    })
  })

  it('refuses a missing consent', () => {
    expect(errorsFor(without('hasConsent'))).toEqual({
      hasConsent: 'You must agree to be contacted to continue',
    })
  })
})

describe('leadSchema: answers', () => {
  it('is optional', () => {
    expect(leadSchema.parse(validLead).answers).toBeUndefined()
  })

  it('keeps answers keyed by any question id: the server checks them against the version', () => {
    const answers = { ...validAnswers, product: 'hp' }
    expect(leadSchema.parse({ ...validLead, answers }).answers).toEqual(answers)
  })

  it.each([
    ['a number', { loanAmount: 35000 }, 'answers.loanAmount', 'answers.loanAmount: must be text'],
    [
      'a long value',
      { loanAmount: 'x'.repeat(201) },
      'answers.loanAmount',
      'answers.loanAmount: must be at most 200 characters',
    ],
    ['null', null, 'answers', 'answers: must be an object keyed by question id'],
    ['a string', 'yes', 'answers', 'answers: must be an object keyed by question id'],
    ['an array', [], 'answers', 'answers: must be an object keyed by question id'],
    [
      'too many answers',
      Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`q${i}`, 'x'])),
      'answers',
      'answers: at most 50 answers',
    ],
  ])('refuses %s, naming the field', (_name, answers, field, message) => {
    const result = leadSchema.safeParse({ ...validLead, answers })
    expect(result.success).toBe(false)
    expect(fieldErrors(result.error as z.ZodError)).toEqual({ [field]: message })
  })

  it.each([0, -1, 1.5, '3'])('refuses questionnaireVersion %j', (questionnaireVersion) => {
    expect(errorsFor({ ...validLead, questionnaireVersion })).toEqual({
      questionnaireVersion: 'questionnaireVersion: must be the id of a questionnaire version',
    })
  })
})

describe('fieldErrors', () => {
  it('keeps the first message when a field has several issues', () => {
    const result = leadSchema.safeParse({ ...validLead, firstName: '<'.repeat(101) })
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'First name must be at most 100 characters',
      'First name contains characters that are not allowed',
    ])
    expect(fieldErrors(result.error as z.ZodError)).toEqual({
      firstName: 'First name must be at most 100 characters',
    })
  })

  it('keys issues by their top-level field (the answers by question) and uses "form" for the root', () => {
    const error = new z.ZodError([
      { code: 'custom', path: ['phone'], message: 'first phone', input: '' },
      { code: 'custom', path: ['answers', 'loanAmount'], message: 'nested', input: '' },
      { code: 'custom', path: ['phone'], message: 'second phone', input: '' },
      { code: 'custom', path: [], message: 'whole form', input: '' },
      { code: 'custom', path: [], message: 'second whole form', input: '' },
    ])
    expect(fieldErrors(error)).toEqual({
      phone: 'first phone',
      'answers.loanAmount': 'answers.loanAmount: nested',
      form: 'whole form',
    })
  })

  it('returns an empty object for no issues', () => {
    expect(fieldErrors(new z.ZodError([]))).toEqual({})
  })
})
