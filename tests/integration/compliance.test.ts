import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  complianceVersion,
  DEFAULT_COMPLIANCE,
  DEFAULT_FREE_ROUTE_STATEMENT,
  feeDisclosure,
  readCompliance,
} from '../../core/compliance.ts'
import type { QuestionnaireDefinition } from '../../core/questionnaire/definition.ts'
import { loadSettings } from '../../server/site/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { eligibleAnswers, leadIdOf, leadPayload } from '../support/factories.ts'
import { decode, visibleText } from '../support/html.ts'
import { created, ok } from '../support/http.ts'
import { postStep, postStepAndFollow } from '../support/questionnaire-steps.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const text = (html: string) => decode(visibleText(html))
const DEFAULT_VERSION = complianceVersion(DEFAULT_COMPLIANCE)

/** Every key this module owns, for clearing between tests. */
const keys = [
  'estimate_5000_15000',
  'estimate_15000_25000',
  'estimate_25000_35000',
  'estimate_35000_plus',
  'estimate_fallback',
  'date_band_2007_2010',
  'date_band_2011_2014',
  'date_band_2015_2018',
  'date_band_2019_2021',
  'free_route_statement',
  'fee_percentage',
  'fee_cap',
  'firm_name',
  'firm_address',
  'fca_reference_number',
  'duplicate_window_days',
  'retention_years',
  'lead_notification_email',
]

describe(`compliance settings on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let emails = 0

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
  })
  afterEach(async () => {
    await app.database.db.deleteFrom('siteSetting').where('key', 'in', keys).execute()
    await app.services.site.changed()
  })

  const setSetting = async (key: string, value: string | null) =>
    ok(await admin.post('/api/admin/settings', { key, value }))

  async function getText(pathname: string) {
    const response = await app.request(pathname)
    expect(response.status, pathname).toBe(200)
    return text(await response.text())
  }

  // A step that moves on answers 303 with its address (ADR 0058): followed, as a browser does.
  async function postForm(body: Record<string, string>) {
    if (body.intent === 'lead') return postStep(app, body)
    return (await postStepAndFollow(app, body)).response
  }

  async function resultText(answers: Record<string, string> = eligibleAnswers) {
    const response = await postForm({ intent: 'check', step: '3', ...answers })
    expect(response.status).toBe(200)
    return text(await response.text())
  }

  async function postLead(): Promise<number> {
    emails += 1
    const row = await created(
      await app.postJson(
        '/api/leads',
        // A fresh phone and email each time, or the lead would count as a duplicate of the last.
        leadPayload({
          email: `compliance-${emails}@example.com`,
          phone: `07700 900${String(100 + emails)}`,
          answers: eligibleAnswers,
        }),
      ),
    )
    return leadIdOf(app.database.db, row.reference as string)
  }

  async function storedLead(id: number) {
    const db = app.database.db
    const lead = await db
      .selectFrom('lead')
      .select('constantsVersion')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const eligibility = await db
      .selectFrom('eligibilityResponse')
      .select(['isEligible', 'estimatedClaim'])
      .where('leadId', '=', id)
      .executeTakeFirstOrThrow()
    return { ...lead, ...eligibility }
  }

  const currentVersion = async () => complianceVersion(readCompliance(await loadSettings(app.database.db)))

  describe('the defaults', () => {
    it('shows the SPEC estimate, the fee disclosure and the free-route statement, and no firm details', async () => {
      const home = await getText('/')
      expect(home).toContain(DEFAULT_FREE_ROUTE_STATEMENT)
      expect(home).not.toContain('FCA firm reference number')

      const result = await resultText()
      expect(result).toContain('£2,500')
      expect(result).toContain(feeDisclosure(DEFAULT_COMPLIANCE))
      expect(result).toContain('up to 30% of the compensation you receive, including VAT')
      expect(result).toContain(DEFAULT_FREE_ROUTE_STATEMENT)
      expect(result).not.toContain('FCA firm reference number')
    })

    it('records the default version and the SPEC estimate with a lead', async () => {
      const lead = await storedLead(await postLead())
      expect(lead.constantsVersion).toBe(DEFAULT_VERSION)
      expect(lead.constantsVersion).toMatch(/^[0-9a-f]{16}$/)
      expect(lead).toMatchObject({ isEligible: true, estimatedClaim: 2500 })
    })
  })

  describe('a saved constant', () => {
    // Estimates and answer labels are the live questionnaire version's (issue 20): a published
    // version changes the no-JavaScript path at once, as a saved setting used to.
    it('shows a newly published version’s estimate and answer labels on the no-JavaScript path at once', async () => {
      type Row = { id: number; status: string }
      const base = '/api/admin/questionnaires'
      const live = ((await ok(await admin.get(base))) as unknown as Row[]).find(
        (v) => v.status === 'live',
      ) as Row
      const draft = (await created(await admin.post(`${base}/${live.id}/duplicate`, {}))) as unknown as Row
      const { definition } = (await ok(await admin.get(`${base}/${draft.id}`))) as unknown as {
        definition: QuestionnaireDefinition
      }
      const edited: QuestionnaireDefinition = {
        ...definition,
        questions: definition.questions.map((q) =>
          q.id === 'purchaseDateRange'
            ? {
                ...q,
                options: q.options.map((o) =>
                  o.value === '2007-2010' ? { ...o, label: 'January 2007 to December 2010' } : o,
                ),
              }
            : q,
        ),
        estimate: {
          ...definition.estimate,
          cells: definition.estimate.cells.map((c) =>
            c.values[0] === '15000-25000' ? { ...c, amount: 2750 } : c,
          ),
        },
      }
      await ok(await admin.put(`${base}/${draft.id}`, { definition: edited }))
      const note = 'The firm’s own settled cases for this band average above the FCA figure.'
      await ok(await admin.post(`${base}/${draft.id}/publish`, { evidenceNote: note }))
      try {
        expect(await resultText()).toContain('£2,750')
        const step2 = text(
          await (await postForm({ intent: 'continue', step: '0', hadPcpFinance: 'yes' })).text(),
        )
        expect(step2).toContain('Step 2 of 4')
        expect(step2).toContain('January 2007 to December 2010')
        expect(step2).toContain('2011 - 2014')
      } finally {
        await ok(await admin.post(`${base}/${live.id}/publish`, { evidenceNote: note }))
      }
      expect(await resultText()).toContain('£2,500')
    })

    it('changes the free-route statement on the home page and every footer at once', async () => {
      const statement = 'You can complain to your lender for free, then to the Financial Ombudsman Service.'
      expect(await getText('/')).not.toContain(statement)
      await setSetting('free_route_statement', statement)
      expect(await getText('/')).toContain(statement)
      expect(await getText('/')).not.toContain(DEFAULT_FREE_ROUTE_STATEMENT)
      expect(await getText('/privacy-policy')).toContain(statement)
      expect(await resultText()).toContain(statement)
    })

    it('shows the fee percentage and cap beside the estimate', async () => {
      await setSetting('fee_percentage', '25')
      await setSetting('fee_cap', '2500')
      const result = await resultText()
      expect(result).toContain(
        'up to 25% of the compensation you receive, including VAT, and never more than £2,500',
      )
    })

    it('shows the firm identity beside the form and in the footer once filled in', async () => {
      await setSetting('firm_name', 'Claim Check Ltd')
      await setSetting('firm_address', '1 High Street, Leeds LS1 1AA')
      await setSetting('fca_reference_number', '123456')
      const identity = 'Claim Check Ltd, 1 High Street, Leeds LS1 1AA. FCA firm reference number 123456.'
      expect(await resultText()).toContain(identity)
      // The footer states the operator line by line (core/compliance-statements.ts, operatorDetails).
      for (const pathname of ['/', '/evidence']) {
        const page = await getText(pathname)
        expect(page).toContain('Claim Check Ltd.')
        expect(page).toContain('Registered office: 1 High Street, Leeds LS1 1AA.')
        expect(page).toContain('FCA firm reference number 123456.')
      }
    })

    // The estimate is the live questionnaire version's (issue 20, ADR 0028): a saved setting
    // reaches leads once a version carrying it is published.
    it('records the new version, and the estimate of the live questionnaire version', async () => {
      await setSetting('estimate_15000_25000', '2750')
      const version = await currentVersion()
      expect(version).not.toBe(DEFAULT_VERSION)
      const lead = await storedLead(await postLead())
      expect(lead.constantsVersion).toBe(version)
      expect(lead).toMatchObject({ isEligible: true, estimatedClaim: 2500 })

      // A statement is part of the version too, though it does not change the estimate.
      await setSetting('free_route_statement', `${DEFAULT_FREE_ROUTE_STATEMENT} It is free.`)
      const next = await storedLead(await postLead())
      expect(next.constantsVersion).not.toBe(version)
      expect(next.constantsVersion).toBe(await currentVersion())
      expect(next.estimatedClaim).toBe(2500)
    })

    it('records the version with a lead sent through the no-JavaScript form', async () => {
      await setSetting('estimate_15000_25000', '2800')
      const response = await postForm({
        intent: 'lead',
        step: '3',
        ...eligibleAnswers,
        firstName: 'Form',
        lastName: 'Poster',
        email: 'compliance-form@example.com',
        phone: '07700 900456',
        hasConsent: 'true',
      })
      expect(response.status).toBe(303)
      const row = await app.database.db
        .selectFrom('lead')
        .select('id')
        .where('email', '=', 'compliance-form@example.com')
        .executeTakeFirstOrThrow()
      const lead = await storedLead(row.id)
      expect(lead.constantsVersion).toBe(await currentVersion())
      expect(lead.estimatedClaim).toBe(2500)
    })
  })

  describe('stored values that are not valid', () => {
    it('fall back to the defaults on the page and with a lead', async () => {
      // Written past the API, as an old version or a hand edit might have.
      await app.database.db
        .insertInto('siteSetting')
        .values([
          { key: 'estimate_15000_25000', value: 'lots', updatedAt: new Date() },
          { key: 'fee_percentage', value: '250', updatedAt: new Date() },
          { key: 'free_route_statement', value: 'x', updatedAt: new Date() },
        ])
        .execute()
      await app.services.site.changed()
      const result = await resultText()
      expect(result).toContain('£2,500')
      expect(result).toContain(feeDisclosure(DEFAULT_COMPLIANCE))
      expect(result).toContain(DEFAULT_FREE_ROUTE_STATEMENT)
      const lead = await storedLead(await postLead())
      expect(lead.constantsVersion).toBe(DEFAULT_VERSION)
      expect(lead.estimatedClaim).toBe(2500)
    })
  })

  describe('validation by the settings API', () => {
    it.each([
      ['estimate_5000_15000', '0', 'The estimate for £5,000 - £15,000 must be at least £1'],
      [
        'estimate_5000_15000',
        '1,500',
        'The estimate for £5,000 - £15,000 must be a whole number of pounds, e.g. 2500',
      ],
      ['estimate_35000_plus', '-1', 'The estimate for £35,000+ must be a whole number of pounds, e.g. 2500'],
      [
        'estimate_fallback',
        '2000.5',
        'The estimate for an unrecognised band must be a whole number of pounds, e.g. 2500',
      ],
      ['estimate_25000_35000', '5000000', 'The estimate for £25,000 - £35,000 must be at most £1,000,000'],
      ['date_band_2011_2014', 'two\nlines', 'The label of the 2011-2014 band must be on one line'],
      ['free_route_statement', 'Too short', 'The free-route statement must be at least 20 characters'],
      ['fee_percentage', '101', 'The fee percentage must be a number from 0 to 100, e.g. 30'],
      ['fee_percentage', 'thirty', 'The fee percentage must be a number from 0 to 100, e.g. 30'],
      ['fee_cap', '0', 'The fee cap must be at least £1'],
      ['firm_name', 'x'.repeat(121), 'The firm name must be at most 120 characters'],
      ['fca_reference_number', 'FRN123', 'The FCA reference number must be 6 or 7 digits'],
      ['duplicate_window_days', '-1', 'The duplicate window must be a whole number of days'],
      ['duplicate_window_days', 'a week', 'The duplicate window must be a whole number of days'],
      ['retention_years', '100', 'The retention period must be from 1 to 50 years'],
      ['lead_notification_email', 'ops at example', 'The notification e-mail must be a valid e-mail address'],
    ])('refuses %s = %j with 400 and stores nothing', async (key, value, message) => {
      const revision = (await app.services.site.get()).revision
      const response = await admin.post('/api/admin/settings', { key, value })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message })
      const row = await app.database.db
        .selectFrom('siteSetting')
        .select('key')
        .where('key', '=', key)
        .executeTakeFirst()
      expect(row).toBeUndefined()
      expect((await app.services.site.get()).revision).toBe(revision)
    })

    it.each([
      ['estimate_5000_15000', '1750'],
      ['fee_percentage', '27.5'],
      ['fee_percentage', '0'],
      ['fca_reference_number', '1234567'],
      ['duplicate_window_days', '14'],
      ['retention_years', '6'],
      ['lead_notification_email', 'ops@example.co.uk'],
      ['lead_notification_email', ''],
      ['firm_name', ''],
      ['free_route_statement', null],
    ])('accepts %s = %j', async (key, value) => {
      const row = await setSetting(key, value)
      expect(row).toMatchObject({ key, value })
    })
  })
})
