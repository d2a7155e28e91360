import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redressSchemeDefinition } from '../../core/questionnaire/redress-scheme-definition.ts'
import { json } from '../../server/platform/index.ts'
import { decode, expectScriptsAllowedByHash, visibleText } from '../support/html.ts'
import { postStepAndFollow } from '../support/questionnaire-steps.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const SPEC_FIRST = 'Did you buy a car on PCP finance between 2007 and 2021?'
const SCHEME_FIRST = 'What kind of finance did you use to buy the car?'

/** The questionnaire's JSON data block (app/islands/island.tsx), parsed. */
function questionnaireData(html: string) {
  const blocks = [
    ...html.matchAll(/<script type="application\/json" data-island-data="questionnaire">([^<]*)<\/script>/g),
  ]
  expect(blocks.length).toBeGreaterThan(0)
  return blocks.map((m) => JSON.parse(m[1] as string))
}

function islandProps(html: string) {
  const match = /data-island="questionnaire" data-props="([^"]*)" data-data-prop="questionnaire"/.exec(html)
  expect(match).not.toBeNull()
  return JSON.parse(decode(match?.[1] ?? ''))
}

describe(`the public questionnaire renders the live version on ${testDialect}`, () => {
  let app: TestApp
  let specId: number
  let schemeId: number

  const db = () => app.database.db

  /** What qadmin's publish does, by hand: retire the live version, make another live, rebuild pages. */
  async function makeLive(id: number) {
    await db()
      .transaction()
      .execute(async (tx) => {
        await tx
          .updateTable('questionnaireVersion')
          .set({ status: 'retired', retiredAt: new Date() })
          .where('status', '=', 'live')
          .execute()
        await tx
          .updateTable('questionnaireVersion')
          .set({ status: 'live', publishedAt: new Date(), retiredAt: null })
          .where('id', '=', id)
          .execute()
      })
    await app.services.site.changed()
  }

  // A step's post answers 303 with the next step's address (ADR 0058); the browser then GETs it.
  async function stepText(body: Record<string, string>) {
    const { response } = await postStepAndFollow(app, body)
    expect(response.status).toBe(200)
    return visibleText(await response.text())
  }

  beforeAll(async () => {
    app = await startTestApp()
    const versions = await db().selectFrom('questionnaireVersion').select(['id', 'version']).execute()
    specId = versions.find((v) => v.version === 1)?.id as number
    schemeId = versions.find((v) => v.version === 2)?.id as number
    await db()
      .insertInto('page')
      .values({
        slug: 'claim-form',
        title: 'Claim form',
        isPublished: true,
        content: json({
          sections: [
            {
              id: 's1',
              styles: {},
              widgets: [{ id: 'f', type: 'form', content: { title: 'Check your claim' }, styles: {} }],
            },
          ],
        }),
      })
      .execute()
    await app.services.site.changed()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('with the SPEC set live, the home page renders its first question and carries it as JSON data', async () => {
    const response = await app.request('/')
    const html = await response.text()
    const text = visibleText(html)
    expect(text).toContain(SPEC_FIRST)
    expect(text).toContain('Step 1 of 4')
    expect(text).toContain('Four quick questions. Free, with no obligation.')
    const [data] = questionnaireData(html)
    expect(data).toMatchObject({ id: specId, version: 1 })
    expect(data.definition.questions.map((q: { id: string }) => q.id)).toEqual([
      'hadPcpFinance',
      'purchaseDateRange',
      'loanAmount',
      'dealerDisclosedCommission',
    ])
    // The definition travels once, as data: not in the island's attribute.
    expect(islandProps(html).questionnaire).toBeUndefined()
    expect(islandProps(html).initial).toEqual({ step: 0, answers: {}, result: null })
    expect(html).toContain(`<input type="hidden" name="questionnaireVersion" value="${specId}"/>`)
    expect(html).toContain('name="answers.hadPcpFinance"')
    // A data block never runs, so the cached page's hash-based CSP needs nothing for it.
    expectScriptsAllowedByHash(html, response.headers.get('content-security-policy') ?? '')
  })

  describe('with the scheme set live', () => {
    beforeAll(async () => {
      await makeLive(schemeId)
    })
    afterAll(async () => {
      await makeLive(specId)
    })

    it('the home page renders its first question, "Step 1 of 1" while nothing is answered', async () => {
      const html = await (await app.request('/')).text()
      const text = visibleText(html)
      expect(text).toContain(SCHEME_FIRST)
      expect(text).not.toContain(SPEC_FIRST)
      expect(text).toContain('Step 1 of 1')
      expect(text).toContain('Check Eligibility')
      const [data] = questionnaireData(html)
      expect(data).toEqual({ id: schemeId, version: 2, definition: redressSchemeDefinition })
      expect(html).toContain(`<input type="hidden" name="questionnaireVersion" value="${schemeId}"/>`)
    })

    it('a CMS page with a contact-form widget renders it too', async () => {
      const html = await (await app.request('/claim-form')).text()
      expect(visibleText(html)).toContain('Check your claim')
      expect(visibleText(html)).toContain(SCHEME_FIRST)
      expect(questionnaireData(html)[0]).toMatchObject({ id: schemeId, version: 2 })
    })

    it('without JavaScript a lease skips the later questions: not eligible at once', async () => {
      const text = await stepText({
        intent: 'check',
        step: '0',
        questionnaireVersion: String(schemeId),
        'answers.product': 'lease',
      })
      expect(text).toContain('Unfortunately, you may not be eligible')
      expect(text).not.toContain('Submit My Details')
    })

    it('without JavaScript each step shows the next visible question and carries the answers', async () => {
      const step2 = await stepText({
        intent: 'continue',
        step: '0',
        questionnaireVersion: String(schemeId),
        'answers.product': 'pcp',
      })
      expect(step2).toContain('Step 2 of 2')
      expect(step2).toContain('When did you sign the finance agreement?')
      expect(step2).toContain('<input type="hidden" name="answers.product" value="pcp"/>')

      const step3 = await stepText({
        intent: 'continue',
        step: '1',
        questionnaireVersion: String(schemeId),
        'answers.product': 'pcp',
        'answers.agreementDate': '2007-04-to-2014-03',
      })
      expect(step3).toContain('Step 3 of 4')
      expect(step3).toContain('Who lent you the money?')
    })

    it('without JavaScript a value that is not an option of the question is refused', async () => {
      const text = await stepText({
        intent: 'continue',
        step: '1',
        questionnaireVersion: String(schemeId),
        'answers.product': 'pcp',
        'answers.agreementDate': '1999',
      })
      expect(text).toContain('Step 2 of 2')
      expect(text).toContain('Please choose an answer to continue.')
    })

    const inScope = {
      questionnaireVersion: '',
      'answers.product': 'hp',
      'answers.agreementDate': '2014-04-to-2024-11',
      'answers.lender': 'motonovo',
    }

    it('without JavaScript the eligible result shows the estimate, its disclosure and reference, and the lead form', async () => {
      const text = await stepText({
        ...inScope,
        questionnaireVersion: String(schemeId),
        intent: 'check',
        step: '3',
        'answers.alreadyComplained': 'no',
      })
      expect(text).toContain('Good news – you may be eligible to claim')
      expect(text).toMatch(/data-testid="estimated-claim">£829</)
      expect(decode(text)).toContain(redressSchemeDefinition.estimate.disclosure)
      expect(decode(text.replace(/<[^>]+>/g, ''))).toContain(
        'FCA estimate of the average compensation per agreement: £829 (FCA Policy Statement PS26/3: Motor Finance Consumer Redress Scheme, 30 March 2026)',
      )
      expect(text).toContain('Submit My Details')
      expect(text).toContain('<input type="hidden" name="answers.alreadyComplained" value="no"/>')
    })

    it('without JavaScript guidance shows its title and text and no lead form', async () => {
      const text = decode(
        await stepText({
          ...inScope,
          questionnaireVersion: String(schemeId),
          intent: 'check',
          step: '3',
          'answers.alreadyComplained': 'complained',
        }),
      )
      const guidance = redressSchemeDefinition.rule.guidance[0]
      expect(text).toContain(guidance.title)
      expect(text).toContain(guidance.text)
      expect(text).toContain('Start Over')
      expect(text).not.toContain('Submit My Details')
    })

    it('a visitor mid-way through the version retired by the publish keeps it', async () => {
      const text = await stepText({
        intent: 'continue',
        step: '0',
        questionnaireVersion: String(specId),
        'answers.hadPcpFinance': 'yes',
      })
      expect(text).toContain('Step 2 of 4')
      expect(text).toContain('When did you take out the finance?')
    })
  })
})
