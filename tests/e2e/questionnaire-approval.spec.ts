import { redressSchemeDefinition } from '../../core/questionnaire/redress-scheme-definition.ts'
import { specDefinition } from '../../core/questionnaire/spec-definition.ts'
import { axeViolations, staffSession } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { makeVersionLive } from './questionnaire-versions.ts'
import { waitForHydration } from './support.ts'

// Four-eyes for questionnaire versions (docs/decisions/0084-questionnaire-four-eyes.md).

const BASE = '/api/admin/questionnaires'

/** The scheme set with a promise in its first question: the compliance review flags it. */
const promising = {
  ...redressSchemeDefinition,
  name: 'Promising set',
  questions: redressSchemeDefinition.questions.map((q, i) =>
    i === 0 ? { ...q, title: `${q.title} Compensation is guaranteed.` } : q,
  ),
}

test.afterEach(async ({ request }) => {
  // Other specs walk the SPEC questionnaire: version 1 is live again whatever happened here.
  await makeVersionLive(request, 1, specDefinition.questions[0]?.title ?? '')
})

test('a flagged questionnaire version waits for a second admin, who approves it in the panel', async ({
  adminPage: admin,
  browser,
}) => {
  test.setTimeout(90_000)
  const made = await admin.request.post(BASE, { data: { definition: promising } })
  expect(made.status()).toBe(201)
  const { id, version } = (await made.json()) as { id: number; version: number }

  await admin.goto('/admin?tab=questionnaire')
  await waitForHydration(admin)
  const table = admin.getByRole('table', { name: 'Questionnaire versions' })
  const row = table
    .getByRole('row')
    .filter({ has: admin.getByRole('cell', { name: String(version), exact: true }) })
  await row.getByRole('button', { name: `Publish version ${version}` }).click()
  const dialog = admin.getByRole('dialog', { name: `Publish version ${version}` })
  await dialog.getByRole('button', { name: `Publish version ${version}` }).click()
  await expect(admin.getByText('Needs approval', { exact: true }).first()).toBeVisible()
  await expect(row).toContainText('Needs approval')
  await expect(row).toContainText('promises an outcome')
  await expect(row).toContainText('Draft')
  // The one who asked cannot approve it.
  await expect(row.getByRole('button', { name: `Approve version ${version}` })).toHaveCount(0)
  expect(await axeViolations(admin)).toEqual([])

  const second = await staffSession(browser, admin.request, 'admin')
  try {
    await second.page.goto('/admin?tab=questionnaire')
    await waitForHydration(second.page)
    const theirRow = second.page
      .getByRole('table', { name: 'Questionnaire versions' })
      .getByRole('row')
      .filter({ has: second.page.getByRole('cell', { name: String(version), exact: true }) })
    await second.page.setViewportSize({ width: 360, height: 740 })
    expect(await axeViolations(second.page)).toEqual([])
    await theirRow.getByRole('button', { name: `Approve version ${version}` }).click()
    await expect(second.page.getByText('Approved', { exact: true }).first()).toBeVisible()
    await expect(theirRow).toContainText('Live')
    await expect(theirRow).toContainText(`approved by ${second.email}`)
  } finally {
    await second.context.close()
  }
  const detail = (await (await admin.request.get(`${BASE}/${id}`)).json()) as Record<string, unknown>
  expect(detail).toMatchObject({ status: 'live', publishedByEmail: 'admin@example.com' })
})
