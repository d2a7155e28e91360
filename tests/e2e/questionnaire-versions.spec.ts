import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import type { Question } from '../../core/questionnaire/definition.ts'
import {
  FCA_AVERAGE_AWARD,
  redressSchemeDefinition,
} from '../../core/questionnaire/redress-scheme-definition.ts'
import { specDefinition } from '../../core/questionnaire/spec-definition.ts'
import { ELIGIBLE, NOT_ELIGIBLE, option, uniqueEmail, uniquePhone } from './journey.ts'
import { makeVersionLive } from './questionnaire-versions.ts'
import { queryDatabase, waitForHydration } from './support.ts'

const [product, agreementDate, lender, alreadyComplained] = redressSchemeDefinition.questions
const label = (q: { options: readonly { value: string; label: string }[] }, value: string) =>
  q.options.find((o) => o.value === value)?.label as string

const progressbar = (page: Page) => page.getByRole('progressbar', { name: 'Questionnaire progress' })
const button = (page: Page, name: 'Continue' | 'Check Eligibility' | 'Back' | 'Start Over') =>
  page.getByRole('button', { name, exact: true })

async function expectStep(page: Page, step: number, of: number, title: string) {
  await expect(page.getByText(`Step ${step} of ${of}`, { exact: true })).toBeVisible()
  await expect(progressbar(page)).toHaveAttribute('aria-valuenow', String(Math.round((step / of) * 100)))
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
  return results.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target) }))
}

// The scheme set live for these tests only (idempotent, so a worker restarted after a failure
// sets it again); the other specs walk the SPEC set.
test.beforeAll(async ({ request }) => {
  await makeVersionLive(request, 2, product.title)
})
test.afterAll(async ({ request }) => {
  await makeVersionLive(request, 1, specDefinition.questions[0].title)
})

test.describe('the FCA redress scheme set, with JavaScript', () => {
  test('a lease skips the later questions; changing an earlier answer hides them again', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await expectStep(page, 1, 1, product.title)
    await expect(button(page, 'Check Eligibility')).toBeDisabled()

    await option(page, label(product, 'pcp')).check()
    await expectStep(page, 1, 2, product.title)
    await button(page, 'Continue').click()
    await expectStep(page, 2, 2, agreementDate.title)
    await option(page, label(agreementDate, '2014-04-to-2024-11')).check()
    await expect(page.getByText('Step 2 of 4', { exact: true })).toBeVisible()
    await button(page, 'Continue').click()
    await expectStep(page, 3, 4, lender.title)
    await option(page, label(lender, 'santander')).check()

    // Back to the first question: a lease hides everything after it.
    await button(page, 'Back').click()
    await button(page, 'Back').click()
    await expectStep(page, 1, 4, product.title)
    await option(page, label(product, 'lease')).check()
    await expectStep(page, 1, 1, product.title)
    await button(page, 'Check Eligibility').click()
    await expect(page.getByRole('heading', { name: NOT_ELIGIBLE })).toBeFocused()
    await expect(page.getByTestId('estimated-claim')).toHaveCount(0)

    await button(page, 'Start Over').click()
    await expectStep(page, 1, 1, product.title)
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0)
  })

  test('an agreement before the scheme ends the journey on step 2', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await option(page, label(product, 'hp')).check()
    await button(page, 'Continue').click()
    await option(page, label(agreementDate, 'before-2007-04')).check()
    await expectStep(page, 2, 2, agreementDate.title)
    await button(page, 'Check Eligibility').click()
    await expect(page.getByRole('heading', { name: NOT_ELIGIBLE })).toBeVisible()
  })

  test('someone who has complained gets the guidance, not the lead form', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await option(page, label(product, 'pcp')).check()
    await button(page, 'Continue').click()
    await option(page, label(agreementDate, '2007-04-to-2014-03')).check()
    await button(page, 'Continue').click()
    await option(page, label(lender, 'other')).check()
    await button(page, 'Continue').click()
    await expectStep(page, 4, 4, alreadyComplained.title)
    await option(page, label(alreadyComplained, 'complained')).check()
    await button(page, 'Check Eligibility').click()
    const guidance = redressSchemeDefinition.rule.guidance[0]
    await expect(page.getByRole('heading', { name: guidance.title })).toBeFocused()
    await expect(page.getByTestId('guidance-text')).toHaveText(guidance.text)
    await expect(page.getByRole('form', { name: 'Get your free claim review' })).toHaveCount(0)
    await button(page, 'Start Over').click()
    await expectStep(page, 1, 1, product.title)
  })

  test('eligible: the estimate with its reference, the lead posted against the version, thank-you', async ({
    page,
  }, testInfo) => {
    await page.goto('/')
    await waitForHydration(page)
    await option(page, label(product, 'conditional-sale')).check()
    await button(page, 'Continue').click()
    await option(page, label(agreementDate, '2014-04-to-2024-11')).check()
    await button(page, 'Continue').click()
    await option(page, label(lender, 'motonovo')).check()
    await button(page, 'Continue').click()
    await option(page, label(alreadyComplained, 'no')).check()
    await button(page, 'Check Eligibility').click()

    await expect(page.getByRole('heading', { name: ELIGIBLE })).toBeFocused()
    await expect(page.getByTestId('estimated-claim')).toHaveText('£829')
    await expect(page.getByText(redressSchemeDefinition.estimate.disclosure)).toBeVisible()
    await expect(page.getByTestId('estimate-reference')).toHaveText(
      `${FCA_AVERAGE_AWARD.label}: £829 (${FCA_AVERAGE_AWARD.source}, 30 March 2026)`,
    )

    const email = uniqueEmail(testInfo)
    await page.getByLabel('First Name').fill('Grace')
    await page.getByLabel('Last Name').fill('Hopper')
    await page.getByLabel('Email Address').fill(email)
    await page.getByLabel('Phone Number').fill(uniquePhone())
    await page.getByRole('checkbox', { name: /I consent to being contacted/ }).check()
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/leads') && r.method() === 'POST'),
      page.getByRole('button', { name: 'Submit My Details' }).click(),
    ])
    const live = queryDatabase<{ id: number }>('select id from questionnaire_version where version = 2')[0]
    expect(request.postDataJSON()).toMatchObject({
      answers: {
        product: 'conditional-sale',
        agreementDate: '2014-04-to-2024-11',
        lender: 'motonovo',
        alreadyComplained: 'no',
      },
      questionnaireVersion: live?.id,
    })
    await expect(page).toHaveURL(/\/thank-you$/)
  })
})

test.describe('the FCA redress scheme set, without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a lease goes straight to the result; an in-scope agreement walks four steps to the estimate', async ({
    page,
  }) => {
    await page.goto('/')
    await expectStep(page, 1, 1, product.title)
    await option(page, label(product, 'lease')).check()
    await button(page, 'Check Eligibility').click()
    await expect(page.getByRole('heading', { name: NOT_ELIGIBLE })).toBeVisible()
    await button(page, 'Start Over').click()

    await expectStep(page, 1, 1, product.title)
    await option(page, label(product, 'pcp')).check()
    await button(page, 'Check Eligibility').click()
    await expectStep(page, 2, 2, agreementDate.title)
    await option(page, label(agreementDate, '2007-04-to-2014-03')).check()
    await button(page, 'Check Eligibility').click()
    await expectStep(page, 3, 4, lender.title)
    await option(page, label(lender, 'black-horse')).check()
    await button(page, 'Continue').click()
    await expectStep(page, 4, 4, alreadyComplained.title)
    await option(page, label(alreadyComplained, 'no')).check()
    await button(page, 'Check Eligibility').click()
    await expect(page.getByRole('heading', { name: ELIGIBLE })).toBeVisible()
    await expect(page.getByTestId('estimated-claim')).toHaveText('£829')
    await expect(page.getByRole('button', { name: 'Submit My Details' })).toBeVisible()
  })
})

test.describe('the FCA redress scheme set at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('every step and the result have no axe violations', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const steps: [Question, string][] = [
      [product, 'pcp'],
      [agreementDate, '2014-04-to-2024-11'],
      [lender, 'other'],
      [alreadyComplained, 'no'],
    ]
    for (const [index, [question, value]] of steps.entries()) {
      await expect(page.getByRole('heading', { name: question.title })).toBeVisible()
      expect(await axeViolations(page), question.id).toEqual([])
      await option(page, label(question, value)).check()
      await button(page, index === steps.length - 1 ? 'Check Eligibility' : 'Continue').click()
    }
    await expect(page.getByRole('heading', { name: ELIGIBLE })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})
