import type { Locator, Page } from '@playwright/test'
import { axeViolations, tab } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './support.ts'

const BASE = '/api/admin/questionnaires'
const NOTE = 'The fallback follows our own settled claims in 2025 (median £1,500), see file QA-7.'

type Row = { id: number; version: number; status: string }

/** Keyboard only: the control gets focus as Tab would bring it there, then the key is pressed. */
async function press(control: Locator, key = 'Enter') {
  await control.focus()
  await control.press(key)
}

async function typeInto(control: Locator, text: string) {
  await control.focus()
  await control.press('ControlOrMeta+a')
  await control.pressSequentially(text)
}

async function expectAccessible(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 })
  expect(await axeViolations(page)).toEqual([])
  await page.setViewportSize({ width: 360, height: 740 })
  expect(await axeViolations(page)).toEqual([])
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** From Pages, the Content group's first tab, to Questionnaire with the arrow keys, as the tabs expect. */
async function openQuestionnaireTab(page: Page) {
  await tab(page, 'Pages').focus()
  for (const name of ['Media', 'Redirects', 'Questionnaire']) {
    await page.keyboard.press('ArrowRight')
    await expect(tab(page, name)).toBeFocused()
  }
  await expect(tab(page, 'Questionnaire')).toHaveAttribute('aria-selected', 'true')
}

test.describe('questionnaire admin', () => {
  test.describe.configure({ timeout: 120_000 })

  // Other specs walk the SPEC questionnaire: whatever this one publishes, version 1 is live again after.
  test.afterEach(async ({ page }) => {
    const rows = (await (await page.request.get(BASE)).json()) as Row[]
    const spec = rows.find((r) => r.version === 1)
    if (spec && spec.status !== 'live') {
      const response = await page.request.post(`${BASE}/${spec.id}/publish`, {
        data: { evidenceNote: 'Restored after the questionnaire admin end-to-end test.' },
      })
      expect(response.status()).toBe(200)
    }
  })

  test('duplicates, edits, validates, saves and publishes a version by keyboard alone', async ({
    adminPage: page,
  }) => {
    await openQuestionnaireTab(page)
    const table = page.getByRole('table', { name: 'Questionnaire versions' })
    const schemeRow = table.getByRole('row').filter({ hasText: 'FCA motor finance redress scheme' }).first()
    await expect(table.getByRole('row').filter({ hasText: 'Live' })).toHaveCount(1)
    await expect(schemeRow).toContainText('Draft')
    await page.waitForLoadState('networkidle')
    await expectAccessible(page)

    await press(page.getByRole('button', { name: 'Duplicate version 2' }))
    const heading = page.getByRole('heading', { level: 2, name: /^Edit draft version \d+/ })
    await expect(heading).toBeFocused()
    const version = Number((await heading.textContent())?.match(/version (\d+)/)?.[1])
    expect(version).toBeGreaterThan(2)

    const first = page.getByRole('region', { name: /^Question 1/ })
    await typeInto(first.getByLabel('Question 1 title'), 'What kind of car finance did you have?')
    await typeInto(first.getByLabel('Option 5 label'), 'I do not know')
    const preview = page.getByRole('region', { name: 'Preview at phone width (375 px)' })
    await expect(
      preview.getByRole('heading', { name: 'What kind of car finance did you have?' }),
    ).toBeVisible()
    await expect(preview.getByText('Step 1 of 1')).toBeVisible()

    await press(page.getByRole('button', { name: 'Add question' }))
    const added = page.getByRole('region', { name: /^Question 5/ })
    await expect(added.getByLabel('Question 5 title')).toBeFocused()
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('Did the dealer mention commission?')
    await press(added.getByRole('button', { name: 'Add condition to Show question 5 only when' }))
    await press(added.getByRole('checkbox', { name: 'Personal contract purchase (PCP)' }), 'Space')
    await expect(added.getByRole('checkbox', { name: 'Personal contract purchase (PCP)' })).toBeChecked()

    // A duplicate option value is refused beside the field and in the summary, then fixed.
    const secondValue = added.getByLabel('Option 2 value')
    await typeInto(secondValue, 'yes')
    const message = 'The value "yes" appears twice in question 5 ("question5")'
    await expect(added.getByText(message)).toBeVisible()
    await expect(secondValue).toHaveAttribute('aria-invalid', 'true')
    const summary = page.getByRole('region', { name: /1 problem to fix before saving/ })
    await expect(summary).toBeVisible()
    await press(summary.getByRole('link', { name: message }))
    await expect(secondValue).toBeFocused()
    await expectAccessible(page)
    await typeInto(secondValue, 'no')
    await expect(added.getByText(message)).toHaveCount(0)
    await expect(summary).toHaveCount(0)

    // An estimate above the reference: publishing will need an evidence note.
    await typeInto(page.getByLabel('Fallback estimate (£)'), '1500')
    await press(page.getByRole('button', { name: 'Save draft' }))
    await expect(page.getByText('Unsaved changes')).toHaveCount(0)

    await press(page.getByRole('button', { name: 'Publish…' }))
    const dialog = page.getByRole('dialog', { name: `Publish version ${version}` })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('One estimate is above the reference of £829')
    await expect(dialog).toContainText('Fallback: £1,500')
    await expect(dialog.locator(':focus')).toHaveCount(1)
    await page.waitForLoadState('networkidle')
    await expectAccessible(page)
    await press(dialog.getByRole('button', { name: `Publish version ${version}` }))
    await expect(
      dialog.getByText(/^The highest estimate, £1,500, is above the reference of £829/),
    ).toBeVisible()
    await expect(dialog.getByLabel('Evidence note')).toHaveAttribute('aria-invalid', 'true')
    await typeInto(dialog.getByLabel('Evidence note'), NOTE)
    await press(dialog.getByRole('button', { name: `Publish version ${version}` }))
    await expect(dialog).toBeHidden()

    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(version), exact: true }) })
    await expect(row).toContainText('Live')
    await expect(row).toContainText('by admin@example.com')
    await expect(table.getByRole('row').filter({ hasText: 'Live' })).toHaveCount(1)
    const stored = (await (await page.request.get(BASE)).json()) as (Row & { evidenceNote: string | null })[]
    expect(stored.find((r) => r.version === version)).toMatchObject({ status: 'live', evidenceNote: NOTE })
    const detail = await (
      await page.request.get(`${BASE}/${stored.find((r) => r.version === version)?.id}`)
    ).json()
    expect(detail.definition.questions[0].title).toBe('What kind of car finance did you have?')
    expect(detail.definition.questions[4]).toMatchObject({
      title: 'Did the dealer mention commission?',
      showWhen: { question: 'product', in: ['pcp'] },
    })
  })

  test('closes the publish dialog with Escape and deletes a draft after confirmation', async ({
    adminPage: page,
  }) => {
    const rows = (await (await page.request.get(BASE)).json()) as Row[]
    const scheme = rows.find((r) => r.version === 2) as Row
    const copy = (await (
      await page.request.post(`${BASE}/${scheme.id}/duplicate`, { data: {} })
    ).json()) as Row
    await page.reload()
    await waitForHydration(page)
    await openQuestionnaireTab(page)
    const publish = page.getByRole('button', { name: `Publish version ${copy.version}` })
    await press(publish)
    const dialog = page.getByRole('dialog', { name: `Publish version ${copy.version}` })
    await expect(dialog).toContainText('Every estimate is within the reference of £829')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(publish).toBeFocused()

    // A published version opens read-only; its preview can still be walked.
    await press(page.getByRole('button', { name: 'View version 1' }))
    await expect(page.getByRole('heading', { level: 2, name: /^Version 1/ })).toBeFocused()
    await expect(page.getByLabel('Question 1 title')).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0)
    const preview = page.getByRole('region', { name: 'Preview at phone width (375 px)' })
    await press(preview.getByRole('radio', { name: 'Yes' }), 'Space')
    await press(preview.getByRole('button', { name: 'Continue' }))
    await expect(preview.getByText('Step 2 of 4')).toBeVisible()
    await expect(preview.getByRole('heading', { name: 'When did you take out the finance?' })).toBeFocused()
    await expectAccessible(page)
    await press(page.getByRole('button', { name: 'Back to versions' }))
    await expect(page.getByRole('heading', { level: 2, name: 'Questionnaire' })).toBeFocused()

    await press(page.getByRole('button', { name: `Delete version ${copy.version}` }))
    const confirm = page.getByRole('dialog', { name: 'Delete this draft?' })
    await press(confirm.getByRole('button', { name: 'Delete draft' }))
    await expect(page.getByRole('button', { name: `Delete version ${copy.version}` })).toHaveCount(0)
    expect((await page.request.get(`${BASE}/${copy.id}`)).status()).toBe(404)
  })

  test('marks an answer as ending the questionnaire; the preview stops there', async ({
    adminPage: page,
  }) => {
    await openQuestionnaireTab(page)
    await press(page.getByRole('button', { name: 'Duplicate version 2' }))
    const heading = page.getByRole('heading', { level: 2, name: /^Edit draft version \d+/ })
    await expect(heading).toBeFocused()
    const version = Number((await heading.textContent())?.match(/version (\d+)/)?.[1])

    const second = page.getByRole('region', { name: /^Question 2/ })
    const after = second.getByLabel('After option 1')
    await expect(after).toHaveValue('')
    await expect(
      after.getByRole('option', { name: 'End: guidance “Someone already acts for you”' }),
    ).toHaveCount(1)
    await after.selectOption({ label: 'End: not eligible' })

    const preview = page.getByRole('region', { name: 'Preview at phone width (375 px)' })
    await preview.getByRole('radio', { name: 'Personal contract purchase (PCP)' }).check()
    await preview.getByRole('button', { name: 'Continue', exact: true }).click()
    await preview.getByRole('radio', { name: 'Before 6 April 2007' }).check()
    await expect(preview.getByText('Step 2 of 2')).toBeVisible()
    await preview.getByRole('button', { name: 'Check Eligibility' }).click()
    await expect(
      preview.getByRole('heading', { name: 'Unfortunately, you may not be eligible' }),
    ).toBeVisible()
    await expectAccessible(page)

    await press(page.getByRole('button', { name: 'Save draft' }))
    await expect(page.getByText('Unsaved changes')).toHaveCount(0)
    const rows = (await (await page.request.get(BASE)).json()) as Row[]
    const id = rows.find((r) => r.version === version)?.id
    const detail = await (await page.request.get(`${BASE}/${id}`)).json()
    expect(detail.definition.questions[1].options[0]).toMatchObject({ ends: { outcome: 'not_eligible' } })
    expect((await page.request.delete(`${BASE}/${id}`)).status()).toBeLessThan(300)
  })
})
