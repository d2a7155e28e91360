import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redressSchemeDefinition } from '../../core/questionnaire/redress-scheme-definition.ts'
import { createSignedInAdmin } from '../support/admin-client.ts'
import { leadPayload } from '../support/factories.ts'
import { decode, visibleText } from '../support/html.ts'
import { ok } from '../support/http.ts'
import { postStep, postStepAndFollow } from '../support/questionnaire-steps.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const FIRST = 'Did you buy a car on PCP finance between 2007 and 2021?'
const SECOND = 'When did you take out the finance?'

/** Without JavaScript each step is an address (ADR 0058): Back and Forward walk the steps. */
describe(`questionnaire steps as addresses on ${testDialect}`, () => {
  let app: TestApp
  let versionId: number

  beforeAll(async () => {
    app = await startTestApp()
    const live = await app.database.db
      .selectFrom('questionnaireVersion')
      .select('id')
      .where('status', '=', 'live')
      .executeTakeFirstOrThrow()
    versionId = live.id
  })
  afterAll(async () => {
    await app?.close()
  })

  const page = async (address: string) => {
    const response = await app.request(address)
    expect(response.status).toBe(200)
    return { response, html: decode(visibleText(await response.text())) }
  }

  it('a step post answers 303 with the next step’s address, carrying version, start and attribution', async () => {
    const startedAt = String(Date.now() - 60_000)
    const posted = await postStep(app, {
      intent: 'continue',
      step: '0',
      questionnaireVersion: String(versionId),
      formStartedAt: startedAt,
      utm_source: 'ad',
      gclid: 'abc123',
      'answers.hadPcpFinance': 'yes',
    })
    expect(posted.status).toBe(303)
    const location = new URL(posted.headers.get('location') ?? '', 'http://x')
    expect(location.pathname).toBe('/')
    expect(location.hash).toBe('#calculator')
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      step: '2',
      'answers.hadPcpFinance': 'yes',
      questionnaireVersion: String(versionId),
      formStartedAt: startedAt,
      utm_source: 'ad',
      gclid: 'abc123',
    })

    const { response, html } = await page(`${location.pathname}${location.search}`)
    expect(response.headers.get('cache-control')).toBe('private, no-cache')
    expect(html).toContain('Step 2 of 4')
    expect(html).toContain(SECOND)
    expect(html).toContain('<input type="hidden" name="answers.hadPcpFinance" value="yes"/>')
    expect(html).toContain(`<input type="hidden" name="formStartedAt" value="${startedAt}"/>`)
    expect(html).toContain('<input type="hidden" name="utm_source" value="ad"/>')
  })

  it('Back is the previous address: step 1 with its answer kept; Forward is step 2 again', async () => {
    const back = await page(`/?step=1&answers.hadPcpFinance=yes&questionnaireVersion=${versionId}`)
    expect(back.html).toContain('Step 1 of 4')
    expect(back.html).toContain(FIRST)
    expect(back.html).toMatch(/<input type="radio"[^>]*checked="" value="yes"/)
    const forward = await page(`/?step=2&answers.hadPcpFinance=yes&questionnaireVersion=${versionId}`)
    expect(forward.html).toContain('Step 2 of 4')
  })

  it('the page cache keeps step addresses apart from the page: each shows its own step', async () => {
    expect((await page('/')).html).toContain('Step 1 of 4')
    expect((await page('/?step=2&answers.hadPcpFinance=yes')).html).toContain('Step 2 of 4')
    const plain = await page('/')
    expect(plain.html).toContain('Step 1 of 4')
    expect(plain.response.headers.get('cache-control')).not.toContain('private')
    // A tracking tag alone is still the cached page.
    expect((await page('/?utm_source=ad')).html).toContain('Step 1 of 4')
  })

  it('an address cannot skip a question: a later step with an earlier one unanswered shows that one', async () => {
    const { html } = await page('/?step=4&answers.hadPcpFinance=yes')
    expect(html).toContain('Step 2 of 4')
    expect(html).toContain(SECOND)
    const result = await page('/?step=result&answers.hadPcpFinance=yes')
    expect(result.html).toContain('Step 2 of 4')
    expect(result.html).not.toContain('Good news')
  })

  it('a step posted without an answer stays on its step with the error, focused, and no redirect', async () => {
    const response = await postStep(app, {
      intent: 'continue',
      step: '0',
      questionnaireVersion: String(versionId),
    })
    expect(response.status).toBe(200)
    const html = decode(visibleText(await response.text()))
    expect(html).toContain('Please choose an answer to continue.')
    expect(html).toMatch(/<input type="radio"[^>]*autofocus=""[^>]*value="yes"/)
  })

  it('an ending answer goes straight to its result, and the result has an address of its own', async () => {
    const { response, address } = await postStepAndFollow(app, {
      intent: 'continue',
      step: '0',
      questionnaireVersion: String(versionId),
      'answers.hadPcpFinance': 'no',
    })
    expect(address).toMatch(/[?&]step=result(&|$)/)
    const html = decode(visibleText(await response.text()))
    expect(html).toContain('Unfortunately, you may not be eligible')
    expect(html).not.toContain('Step 2 of')
    expect(html).not.toContain('Submit My Details')
  })

  it('the eligible result’s address carries the lead form’s hidden fields, and its post makes a lead', async () => {
    const startedAt = String(Date.now() - 120_000)
    const answers = {
      'answers.hadPcpFinance': 'yes',
      'answers.purchaseDateRange': '2015-2018',
      'answers.loanAmount': '15000-25000',
      'answers.dealerDisclosedCommission': 'no',
    }
    const { response, address } = await postStepAndFollow(app, {
      intent: 'check',
      step: '3',
      questionnaireVersion: String(versionId),
      formStartedAt: startedAt,
      utm_campaign: 'spring',
      ...answers,
    })
    expect(address).not.toMatch(/email|phone|firstName/)
    const raw = await response.text()
    const html = decode(visibleText(raw))
    expect(html).toContain('Submit My Details')
    const hidden = (name: string) =>
      new RegExp(`<input type="hidden" name="${name.replace('.', '\\.')}" value="([^"]*)"/>`).exec(html)?.[1]
    expect(hidden('questionnaireVersion')).toBe(String(versionId))
    expect(hidden('formStartedAt')).toBe(startedAt)
    expect(hidden('utm_campaign')).toBe('spring')
    expect(hidden('consentVersion')).toMatch(/\S/)
    expect(hidden('pageRevision')).toMatch(/\S/)
    expect(hidden('answers.loanAmount')).toBe('15000-25000')

    const lead = await postStep(app, {
      intent: 'lead',
      questionnaireVersion: String(versionId),
      formStartedAt: startedAt,
      consentVersion: hidden('consentVersion') ?? '',
      pageRevision: hidden('pageRevision') ?? '',
      utm_campaign: 'spring',
      ...answers,
      firstName: 'Sam',
      lastName: 'Steps',
      email: 'sam.steps@example.com',
      phone: '07700 900456',
      hasConsent: 'true',
    })
    expect(lead.status).toBe(303)
    expect(lead.headers.get('location')).toBe('/thank-you')
  })

  describe('a definition whose answer ends the questionnaire', () => {
    const BASE = '/api/admin/questionnaires'
    // The scheme set with "Before 6 April 2007" ending it: not eligible, the lender and complaint unasked.
    const ending = () => {
      const def = structuredClone(redressSchemeDefinition) as unknown as {
        questions: { options: { ends?: unknown }[] }[]
      }
      ;(def.questions[1] as { options: { ends?: unknown }[] }).options[0] = {
        ...(def.questions[1]?.options[0] as object),
        ends: { outcome: 'not_eligible' },
      }
      return def
    }

    it('is saved, refused with a path when its guidance is not the rule’s, published and walked', async () => {
      const admin = await createSignedInAdmin(app, { role: 'admin' })
      const wrong = ending()
      ;(wrong.questions[1] as { options: { ends?: unknown }[] }).options[0] = {
        ...(wrong.questions[1]?.options[0] as object),
        ends: { outcome: 'guidance', guidance: 'nowhere' },
      }
      const refused = await admin.post(BASE, { definition: wrong })
      expect(refused.status).toBe(400)
      const body = (await refused.json()) as { problems: { path: string }[] }
      expect(body.problems.map((p) => p.path)).toContain('questions[1].options[0].ends.guidance')

      const draft = (await ok(await admin.post(BASE, { definition: ending() }), 201)) as unknown as {
        id: number
      }
      await ok(await admin.post(`${BASE}/${draft.id}/publish`, {}))

      // Without JavaScript: the ending answer's post goes straight to the result's address.
      const { response, address } = await postStepAndFollow(app, {
        intent: 'continue',
        step: '1',
        questionnaireVersion: String(draft.id),
        'answers.product': 'pcp',
        'answers.agreementDate': 'before-2007-04',
      })
      expect(address).toMatch(/[?&]step=result(&|$)/)
      const html = decode(visibleText(await response.text()))
      expect(html).toContain('Unfortunately, you may not be eligible')
      expect(html).not.toContain('Step 3 of')

      // The server assesses the shortened set: accepted, not eligible.
      const lead = await app.postJson(
        '/api/leads',
        leadPayload({
          email: 'ended.early@example.com',
          phone: '07700 900321',
          questionnaireVersion: draft.id,
          answers: { product: 'pcp', agreementDate: 'before-2007-04' },
        }),
      )
      expect(lead.status).toBe(201)
      const stored = await app.database.db
        .selectFrom('lead')
        .select(['questionnaireVersionId', 'answers', 'outcome', 'estimatedClaim'])
        .where('email', '=', 'ended.early@example.com')
        .executeTakeFirstOrThrow()
      expect(stored).toEqual({
        questionnaireVersionId: draft.id,
        answers: { product: 'pcp', agreementDate: 'before-2007-04' },
        outcome: 'not_eligible',
        estimatedClaim: 0,
      })
    })
  })
})
