import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consentWording } from '../../core/schemas/leads.ts'
import { allowRepeatLeads, eligibleAnswers, leadPayload } from '../support/factories.ts'
import { postStepAndFollow } from '../support/questionnaire-steps.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const answers = eligibleAnswers
const validLead = leadPayload()

type Body = Record<string, unknown>

/** A JSON string of `validLead` with `field` left out. */
function without(field: string, extra: Body = {}): string {
  const copy: Body = { ...validLead, ...extra }
  delete copy[field]
  return JSON.stringify(copy)
}

const json = (body: Body) => JSON.stringify(body)
const lead = (overrides: Body) => json({ ...validLead, ...overrides })

type HostileCase = {
  name: string
  body: string | undefined
  contentType?: string | null
  message: string | RegExp
}

const tooLarge = 'Request body is too large'
const notJson = 'Request body is not valid JSON'
const mustBeJson = 'Request body must be JSON'

const manyFields: Body = { ...validLead }
for (let i = 0; i < 3000; i++) manyFields[`field${i}`] = i

const hostileCases: HostileCase[] = [
  // Required fields, one at a time.
  { name: 'missing firstName', body: without('firstName'), message: 'First name is required' },
  { name: 'missing lastName', body: without('lastName'), message: 'Last name is required' },
  { name: 'missing email', body: without('email'), message: 'Email is required' },
  { name: 'missing phone', body: without('phone'), message: 'Phone number is required' },
  {
    name: 'missing hasConsent',
    body: without('hasConsent'),
    message: 'You must agree to be contacted to continue',
  },
  // Blank fields.
  { name: 'empty firstName', body: lead({ firstName: '' }), message: 'First name is required' },
  { name: 'whitespace firstName', body: lead({ firstName: '   \t ' }), message: 'First name is required' },
  { name: 'whitespace lastName', body: lead({ lastName: '  ' }), message: 'Last name is required' },
  { name: 'blank email', body: lead({ email: '   ' }), message: 'Email is required' },
  { name: 'blank phone', body: lead({ phone: ' ' }), message: 'Phone number is required' },
  // Consent must be the boolean true.
  {
    name: 'hasConsent false',
    body: lead({ hasConsent: false }),
    message: 'You must agree to be contacted to continue',
  },
  {
    name: "hasConsent 'true' string",
    body: lead({ hasConsent: 'true' }),
    message: 'You must agree to be contacted to continue',
  },
  {
    name: 'hasConsent 1',
    body: lead({ hasConsent: 1 }),
    message: 'You must agree to be contacted to continue',
  },
  {
    name: 'hasConsent null',
    body: lead({ hasConsent: null }),
    message: 'You must agree to be contacted to continue',
  },
  {
    name: 'hasConsent only through __proto__',
    body: without('hasConsent').replace(/^\{/, '{"__proto__":{"hasConsent":true},'),
    message: 'You must agree to be contacted to continue',
  },
  {
    name: 'duplicate hasConsent key, last one false',
    body: lead({}).replace(/\}$/, ',"hasConsent":false}'),
    message: 'You must agree to be contacted to continue',
  },
  // Emails.
  {
    name: 'email without @',
    body: lead({ email: 'ann.example.com' }),
    message: 'Please enter a valid email address',
  },
  {
    name: 'email without domain',
    body: lead({ email: 'ann@' }),
    message: 'Please enter a valid email address',
  },
  {
    name: 'email without local part',
    body: lead({ email: '@example.com' }),
    message: 'Please enter a valid email address',
  },
  {
    name: 'email without TLD',
    body: lead({ email: 'ann@example' }),
    message: 'Please enter a valid email address',
  },
  {
    name: 'email with a space',
    body: lead({ email: 'ann lee@example.com' }),
    message: 'Please enter a valid email address',
  },
  {
    name: 'email with HTML',
    body: lead({ email: '<script>@example.com' }),
    message: 'Please enter a valid email address',
  },
  {
    name: 'two emails',
    body: lead({ email: 'a@example.com,b@example.com' }),
    message: 'Please enter a valid email address',
  },
  {
    name: 'email over 254 characters',
    body: lead({ email: `${'a'.repeat(250)}@example.com` }),
    message: 'Email must be at most 254 characters',
  },
  // Phones.
  {
    name: 'phone too short',
    body: lead({ phone: '07700 9001' }),
    message: 'Please enter a valid UK phone number',
  },
  {
    name: '10-digit mobile',
    body: lead({ phone: '07700 90012' }),
    message: 'Please enter a valid UK phone number',
  },
  {
    name: '12-digit mobile',
    body: lead({ phone: '07700 9001234' }),
    message: 'Please enter a valid UK phone number',
  },
  {
    name: '0800 freephone number',
    body: lead({ phone: '0800 123 4567' }),
    message: 'Please enter a valid UK phone number',
  },
  {
    name: 'phone letters',
    body: lead({ phone: 'call me maybe' }),
    message: 'Please enter a valid UK phone number',
  },
  {
    name: 'US phone',
    body: lead({ phone: '+1 555 123 4567' }),
    message: 'Please enter a valid UK phone number',
  },
  {
    name: 'premium-rate 09 number',
    body: lead({ phone: '0909 879 0000' }),
    message: 'Please enter a valid UK phone number',
  },
  {
    name: 'phone over 25 characters',
    body: lead({ phone: `07700 900123${' '.repeat(20)}0` }),
    message: 'Please enter a valid UK phone number',
  },
  {
    name: 'phone with SQL',
    body: lead({ phone: "07700900123' OR '1'='1" }),
    message: 'Please enter a valid UK phone number',
  },
  // Names with markup or control characters.
  {
    name: 'firstName with a script tag',
    body: lead({ firstName: '<script>alert(1)</script>' }),
    message: 'First name contains characters that are not allowed',
  },
  {
    name: 'lastName with an img tag',
    body: lead({ lastName: 'Lee<img src=x onerror=alert(1)>' }),
    message: 'Last name contains characters that are not allowed',
  },
  {
    name: 'firstName with a template expression',
    body: lead({ firstName: '{{7*7}}' }),
    message: 'First name contains characters that are not allowed',
  },
  {
    name: 'firstName with a NUL byte',
    body: lead({ firstName: 'An\u0000n' }),
    message: 'First name contains characters that are not allowed',
  },
  {
    name: 'lastName with a line break inside',
    body: lead({ lastName: 'Lee\r\nX-Injected: 1' }),
    message: 'Last name contains characters that are not allowed',
  },
  {
    name: 'firstName with a right-to-left override',
    body: lead({ firstName: 'Ann\u202Egpj.exe' }),
    message: 'First name contains characters that are not allowed',
  },
  {
    name: 'lastName with a zero-width space',
    body: lead({ lastName: 'Le\u200Be' }),
    message: 'Last name contains characters that are not allowed',
  },
  {
    name: 'firstName over 100 characters',
    body: lead({ firstName: 'A'.repeat(101) }),
    message: 'First name must be at most 100 characters',
  },
  {
    name: 'carDetails over 200 characters',
    body: lead({ carDetails: 'c'.repeat(201) }),
    message: 'Car details must be at most 200 characters',
  },
  // Wrong types.
  { name: 'firstName a number', body: lead({ firstName: 42 }), message: 'First name is required' },
  { name: 'lastName an array', body: lead({ lastName: ['Lee'] }), message: 'Last name is required' },
  { name: 'email an object', body: lead({ email: { $ne: '' } }), message: 'Email is required' },
  { name: 'phone null', body: lead({ phone: null }), message: 'Phone number is required' },
  { name: 'phone a number', body: lead({ phone: 7700900123 }), message: 'Phone number is required' },
  { name: 'firstName true', body: lead({ firstName: true }), message: 'First name is required' },
  { name: 'carDetails a number', body: lead({ carDetails: 12 }), message: /expected string/ },
  { name: 'carDetails an object', body: lead({ carDetails: { make: 'Ford' } }), message: /expected string/ },
  // Questionnaire answers.
  {
    name: 'answers with an invalid loan band',
    body: lead({ answers: { ...answers, loanAmount: '1000000' } }),
    message: 'answers.loanAmount: "1000000" is not an option of "loanAmount"',
  },
  {
    name: 'answers with an invalid hadPcpFinance',
    body: lead({ answers: { ...answers, hadPcpFinance: 'maybe' } }),
    message: 'answers.hadPcpFinance: "maybe" is not an option of "hadPcpFinance"',
  },
  {
    name: 'answers with an invalid date range',
    body: lead({ answers: { ...answers, purchaseDateRange: '2022-2024' } }),
    message: 'answers.purchaseDateRange: "2022-2024" is not an option of "purchaseDateRange"',
  },
  {
    name: 'answers with a boolean disclosure',
    body: lead({ answers: { ...answers, dealerDisclosedCommission: true } }),
    message: 'answers.dealerDisclosedCommission: must be text',
  },
  {
    name: 'answers missing a question',
    body: lead({ answers: { hadPcpFinance: 'yes', purchaseDateRange: '2011-2014', loanAmount: '35000+' } }),
    message: /^answers\.dealerDisclosedCommission: Please answer "Did the dealer tell you/,
  },
  { name: 'answers null', body: lead({ answers: null }), message: /^answers: must be an object/ },
  { name: 'answers a string', body: lead({ answers: 'yes' }), message: /^answers: must be an object/ },
  { name: 'answers an array', body: lead({ answers: [answers] }), message: /^answers: must be an object/ },
  {
    name: 'answers to a question that does not exist',
    body: lead({ answers: { ...answers, extra: 'x' } }),
    message: 'answers.extra: There is no question "extra"',
  },
  {
    name: 'an unknown questionnaireVersion',
    body: lead({ answers, questionnaireVersion: 999 }),
    message: /^questionnaireVersion: /,
  },
  {
    name: 'a questionnaireVersion as text',
    body: lead({ answers, questionnaireVersion: 'one' }),
    message: /^questionnaireVersion: /,
  },
  // Bodies that are not a JSON object.
  { name: 'malformed JSON', body: '{bad', message: notJson },
  { name: 'truncated JSON', body: lead({}).slice(0, -1), message: notJson },
  { name: 'JSON array body', body: JSON.stringify([validLead]), message: /expected object, received array/ },
  { name: 'JSON string body', body: '"a lead"', message: notJson },
  { name: 'JSON number body', body: '42', message: notJson },
  { name: 'null body', body: 'null', message: notJson },
  { name: 'empty JSON body', body: '', message: 'First name is required' },
  { name: 'empty object', body: '{}', message: 'First name is required' },
  { name: 'no body and no content type', body: undefined, contentType: null, message: mustBeJson },
  // Size limits.
  { name: '20 kB of carDetails', body: lead({ carDetails: 'x'.repeat(20_000) }), message: tooLarge },
  { name: '20 kB of padding', body: lead({ padding: 'p'.repeat(20_000) }), message: tooLarge },
  { name: 'a huge number of fields', body: json(manyFields), message: tooLarge },
  // Content types.
  { name: 'text/plain JSON', body: lead({}), contentType: 'text/plain', message: mustBeJson },
  {
    name: 'form-urlencoded',
    body: new URLSearchParams({ ...validLead, hasConsent: 'true' }).toString(),
    contentType: 'application/x-www-form-urlencoded',
    message: mustBeJson,
  },
  {
    name: 'multipart content type',
    body: lead({}),
    contentType: 'multipart/form-data; boundary=x',
    message: mustBeJson,
  },
  {
    name: "JSON with fetch's default text content type",
    body: lead({}),
    contentType: null,
    message: mustBeJson,
  },
  {
    name: 'unsupported charset',
    body: lead({}),
    contentType: 'application/json; charset=iso-8859-1',
    message: 'Request body encoding is not supported',
  },
]

describe(`POST /api/leads on ${testDialect}`, () => {
  let app: TestApp

  beforeAll(async () => {
    app = await startTestApp()
    await allowRepeatLeads(app)
  })
  afterAll(async () => {
    await app?.close()
  })

  /** POST a raw body; `contentType: null` sends none. */
  function post(body: string | undefined, contentType: string | null = 'application/json', headers = {}) {
    const allHeaders: Record<string, string> = { ...headers }
    if (contentType) allHeaders['content-type'] = contentType
    return app.request('/api/leads', { method: 'POST', headers: allHeaders, body })
  }

  async function counts() {
    const { db } = app.database
    const leads = await db
      .selectFrom('lead')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    const responses = await db
      .selectFrom('eligibilityResponse')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    return { leads: Number(leads.n), responses: Number(responses.n) }
  }

  async function storedLead(id: number) {
    const { db } = app.database
    const row = await db.selectFrom('lead').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    const responses = await db
      .selectFrom('eligibilityResponse')
      .selectAll()
      .where('leadId', '=', id)
      .execute()
    return { row, responses }
  }

  /** The new lead's id, found by the reference the post was answered with. */
  async function created(response: Response): Promise<number> {
    const body = await response.json()
    expect(response.status, JSON.stringify(body)).toBe(201)
    expect(Object.keys(body)).toEqual(['reference'])
    expect(body.reference).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const { id } = await app.database.db
      .selectFrom('lead')
      .select('id')
      .where('reference', '=', body.reference)
      .executeTakeFirstOrThrow()
    return id
  }

  it('stores a valid lead with answers, and its server-computed eligibility', async () => {
    const before = await counts()
    const started = Date.now()
    const response = await post(
      // The browser's claimed result must be ignored.
      json({ ...validLead, answers, isEligible: false, estimatedClaim: 999_999 }),
      'application/json',
      { referer: 'https://claims.example/?utm_source=test', 'user-agent': 'LeadsTest/1.0' },
    )
    const id = await created(response)
    expect(await counts()).toEqual({ leads: before.leads + 1, responses: before.responses + 1 })

    const { row, responses } = await storedLead(id)
    expect(row).toMatchObject({
      id,
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann.lee@example.com',
      phone: '07700 900123',
      carDetails: 'Ford Focus 2013',
      consentText: consentWording(null),
      sourceUrl: 'https://claims.example/?utm_source=test',
      userAgent: 'LeadsTest/1.0',
    })
    expect(row.hasConsent).toBe(true)
    expect(row.createdAt).toBeInstanceOf(Date)
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(started - 5_000)
    expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 5_000)

    expect(responses).toHaveLength(1)
    const [eligibility] = responses
    expect(eligibility).toMatchObject({
      leadId: id,
      hadPcpFinance: true,
      purchaseDateRange: '2011-2014',
      loanAmount: 15000,
      dealerDisclosedCommission: false,
      commissionDisclosure: 'unclear',
      isEligible: true,
      estimatedClaim: 2500,
    })
    expect(eligibility?.createdAt).toBeInstanceOf(Date)
  })

  it("answers with the stored lead's reference only: no id, no time", async () => {
    const response = await post(json({ ...validLead, email: 'created@example.com' }))
    const body = await response.clone().json()
    const id = await created(response)
    const { row } = await storedLead(id)
    expect(row.email).toBe('created@example.com')
    expect(body).toEqual({ reference: row.reference })
  })

  it('stores a lead without answers and no eligibility response', async () => {
    const before = await counts()
    const { carDetails: _, ...noCar } = validLead
    const id = await created(await post(json({ ...noCar, email: 'no-answers@example.com' })))
    expect(await counts()).toEqual({ leads: before.leads + 1, responses: before.responses })
    const { row, responses } = await storedLead(id)
    expect(row.email).toBe('no-answers@example.com')
    expect(row.carDetails).toBeNull()
    expect(row.sourceUrl).toBeNull()
    expect(row.hasConsent).toBe(true)
    expect(responses).toEqual([])
  })

  it('stores a lead whose first answer (no PCP finance) ended the questionnaire, without later answers', async () => {
    const given = {
      hadPcpFinance: 'no',
      purchaseDateRange: '2007-2010',
      loanAmount: '35000+',
      dealerDisclosedCommission: 'no',
    }
    const id = await created(await post(json({ ...validLead, answers: given, isEligible: true })))
    // Nothing after the ending answer was asked, so there is no SPEC row of four answers.
    expect((await storedLead(id)).responses).toEqual([])
  })

  it.each([
    {
      name: 'commission clearly disclosed',
      given: {
        hadPcpFinance: 'yes',
        purchaseDateRange: '2019-2021',
        loanAmount: '25000-35000',
        dealerDisclosedCommission: 'yes',
      },
      stored: {
        hadPcpFinance: true,
        loanAmount: 25000,
        dealerDisclosedCommission: true,
        commissionDisclosure: 'yes',
      },
    },
  ])('stores a not-eligible lead ($name) with estimatedClaim 0', async ({ given, stored }) => {
    const id = await created(await post(json({ ...validLead, answers: given, isEligible: true })))
    const { responses } = await storedLead(id)
    expect(responses).toHaveLength(1)
    expect(responses[0]).toMatchObject({
      ...stored,
      purchaseDateRange: given.purchaseDateRange,
      isEligible: false,
      estimatedClaim: 0,
    })
  })

  it.each([
    ['5000-15000', 5000, 1500],
    ['15000-25000', 15000, 2500],
    ['25000-35000', 25000, 3500],
    ['35000+', 35000, 5000],
  ])('estimates an eligible %s loan as £%i → £%i', async (band, lowerBound, claim) => {
    const given = { ...answers, loanAmount: band, dealerDisclosedCommission: 'no' }
    const id = await created(await post(json({ ...validLead, answers: given })))
    const { responses } = await storedLead(id)
    expect(responses[0]).toMatchObject({ loanAmount: lowerBound, isEligible: true, estimatedClaim: claim })
  })

  it('truncates an over-long referer and user agent to 500 characters', async () => {
    const referer = `https://claims.example/${'r'.repeat(700)}`
    const userAgent = `Agent/${'u'.repeat(700)}`
    const id = await created(await post(lead({}), 'application/json', { referer, 'user-agent': userAgent }))
    const { row } = await storedLead(id)
    expect(row.sourceUrl).toBe(referer.slice(0, 500))
    expect(row.userAgent).toBe(userAgent.slice(0, 500))
  })

  it.each([
    ['an apostrophe', "O'Brien", "O'Neill-Smith"],
    ['accents', 'Zoë', 'Núñez'],
    ['decomposed accents (NFD)', 'Zoe\u0308', 'Bjo\u0308rk'],
    ['non-Latin scripts', '李', 'Иванова'],
    ['SQL injection', "Robert'); DROP TABLE lead;--", "' OR '1'='1"],
    [
      'SQL comment and quotes',
      'Ann"; DELETE FROM eligibility_response; --',
      'x\' UNION SELECT * FROM "user"--',
    ],
    ['HTML entities and quotes', 'Tom &amp; Jerry', '"Lee" & Sons'],
    ['emoji', 'Ann 🚗', 'Lee 👍🏽'],
  ])('stores valid names with %s verbatim', async (_label, firstName, lastName) => {
    const email = "o'brien+test@example.co.uk"
    const carDetails = '<b>BMW</b> 320d & "M Sport"; DROP TABLE page;--'
    const id = await created(await post(lead({ firstName, lastName, email, carDetails })))
    const { row } = await storedLead(id)
    expect(row.firstName).toBe(firstName)
    expect(row.lastName).toBe(lastName)
    expect(row.email).toBe(email)
    expect(row.carDetails).toBe(carDetails)
    // The tables the injection strings name are still there and intact.
    const pages = await app.database.db.selectFrom('page').select('slug').execute()
    expect(pages.map((p) => p.slug)).toContain('home')
  })

  it('trims surrounding whitespace but keeps the rest of each field', async () => {
    const id = await created(
      await post(
        lead({
          firstName: '  Mary Ann  ',
          lastName: '\tLee\n',
          email: ' mary@example.com ',
          phone: ' +44 (0)7700-900.123 ',
          carDetails: '   ',
        }),
      ),
    )
    const { row } = await storedLead(id)
    expect(row).toMatchObject({
      firstName: 'Mary Ann',
      lastName: 'Lee',
      email: 'mary@example.com',
      phone: '+44 (0)7700-900.123',
      carDetails: null,
    })
  })

  it.each([
    '07700 900123',
    '07700900123',
    '+447700900123',
    '0044 7700 900123',
    '020 7946 0000',
    '0161-496-0000',
    '(01632) 960 001',
    '0300 123 4567',
  ])('accepts the UK phone number %s', async (phone) => {
    const id = await created(await post(lead({ phone })))
    const { row } = await storedLead(id)
    expect(row.phone).toBe(phone)
  })

  it('ignores unknown extra fields', async () => {
    const before = await counts()
    const extras: Body = {
      id: 999_999,
      createdAt: '2000-01-01T00:00:00.000Z',
      consentText: 'I agree to nothing',
      sourceUrl: 'https://evil.example',
      isAdmin: true,
      role: 'admin',
      constructor: { prototype: { polluted: true } },
    }
    for (let i = 0; i < 100; i++) extras[`extra${i}`] = `value ${i}`
    const body = `{"__proto__":{"polluted":true},${json({ ...validLead, answers, ...extras }).slice(1)}`
    const id = await created(await post(body))
    expect(id).not.toBe(999_999)
    expect(await counts()).toEqual({ leads: before.leads + 1, responses: before.responses + 1 })
    const { row, responses } = await storedLead(id)
    expect(row.consentText).toBe(consentWording(null))
    expect(row.sourceUrl).toBeNull()
    expect(row.createdAt.getUTCFullYear()).toBeGreaterThan(2000)
    expect(Object.keys(row).sort()).toEqual(
      [
        'answers',
        'carDetails',
        'consentText',
        'createdAt',
        'email',
        'firstName',
        'hasConsent',
        'id',
        'lastName',
        'phone',
        'sourceUrl',
        'userAgent',
        'phoneE164',
        'phoneType',
        'emailNormalized',
        'consentVersion',
        'consentCertificate',
        'pageRevision',
        'consentSha256',
        'privacyVersion',
        'outcome',
        'partnerName',
        'ipAddress',
        'constantsVersion',
        'utmSource',
        'utmMedium',
        'utmCampaign',
        'utmTerm',
        'utmContent',
        'gclid',
        'gbraid',
        'wbraid',
        'estimatedClaim',
        'fbclid',
        'msclkid',
        'ttclid',
        'marketingConsent',
        'referrer',
        'landingPage',
        'questionnaireVersionId',
        'reference',
        'consentBuyers',
        'saleStatus',
        'variant',
        'idempotencyKey',
      ].sort(),
    )
    expect(responses[0]).toMatchObject({ isEligible: true, estimatedClaim: 2500 })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it.each(hostileCases)(
    'refuses $name with 400 and stores nothing',
    async ({ body, contentType, message }) => {
      const before = await counts()
      const response = await post(body, contentType === undefined ? 'application/json' : contentType)
      expect(response.status).toBe(400)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      const answer = await response.json()
      expect(Object.keys(answer)).toEqual(['message'])
      expect(typeof answer.message).toBe('string')
      if (typeof message === 'string') expect(answer.message).toBe(message)
      else expect(answer.message).toMatch(message)
      expect(await counts()).toEqual(before)
    },
  )

  it('refuses carDetails with a NUL byte with 400 and stores nothing', async () => {
    const before = await counts()
    const response = await post(lead({ carDetails: 'Ford\u0000Focus' }))
    expect(await counts()).toEqual(before)
    expect(response.status).toBe(400)
    expect((await response.json()).message).toMatch(/^Car details/)
  })

  it('does not expose stored leads to an anonymous caller', async () => {
    expect((await counts()).leads).toBeGreaterThan(0)
    const cases = [
      ['GET', '/api/leads', 401, 'Please sign in to continue'],
      ['GET', '/api/leads?format=csv', 401, 'Please sign in to continue'],
      ['GET', '/api/admin/leads', 401, 'Please sign in to continue'],
      ['GET', '/api/leads/1', 404, 'Not found'],
      ['PUT', '/api/leads', 404, 'Not found'],
      ['DELETE', '/api/leads/1', 404, 'Not found'],
    ] as const
    for (const [method, path, status, message] of cases) {
      const response = await app.request(path, {
        method,
        headers: { cookie: 'session=forged-session-token; admin=true' },
      })
      const body = await response.text()
      expect(response.status, `${method} ${path}: ${body}`).toBe(status)
      expect(JSON.parse(body), `${method} ${path}`).toEqual({ message })
      expect(body).not.toContain('@example')
    }
  })
})

describe(`the lead's recipient on ${testDialect}`, () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('stores the partner named in the partner_name setting as part of the consent wording', async () => {
    await app.database.db
      .updateTable('siteSetting')
      .set({ value: 'Example Claims Ltd (FRN 123456)' })
      .where('key', '=', 'partner_name')
      .execute()
    await app.services.site.changed()
    const response = await app.postJson('/api/leads', {
      firstName: 'Pat',
      lastName: 'Partner',
      email: 'pat.partner@example.com',
      phone: '07700 900123',
      hasConsent: true,
    })
    expect(response.status).toBe(201)
    const { reference } = await response.json()
    const row = await app.database.db
      .selectFrom('lead')
      .select('consentText')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow()
    expect(row.consentText).toBe(consentWording('Example Claims Ltd (FRN 123456)'))
    expect(row.consentText).toContain('Your details will be passed to Example Claims Ltd (FRN 123456)')

    const form = new URLSearchParams({
      intent: 'check',
      step: '3',
      hadPcpFinance: 'yes',
      purchaseDateRange: '2015-2018',
      loanAmount: '5000-15000',
      dealerDisclosedCommission: 'no',
    })
    const { response: page } = await postStepAndFollow(app, Object.fromEntries(form))
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Your details will be passed to Example Claims Ltd (FRN 123456)')
  })
})
