import fs from 'node:fs'
import path from 'node:path'
import { e2eOutbox } from '../../playwright.config.ts'
import { axeViolations, count, tab } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { queryDatabase } from './support.ts'

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

type Mail = { to: string; subject: string; text: string }

function mailsTo(to: string): Mail[] {
  if (!fs.existsSync(e2eOutbox)) return []
  return fs
    .readdirSync(e2eOutbox)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(fs.readFileSync(path.join(e2eOutbox, name), 'utf8')) as Mail)
    .filter((mail) => mail.to === to)
}

test.describe('the complaint form without JavaScript', () => {
  // axe runs script in the page: it checks the same screens in the test after this one.
  test.use({ javaScriptEnabled: false })

  test('is reached from the privacy policy, shows errors by the fields, then a reference', async ({
    page,
  }) => {
    await page.goto('/privacy-policy')
    const section = page.getByRole('region', { name: '12. Complaints' })
    await expect(section.getByRole('link', { name: 'ico.org.uk/make-a-complaint' })).toHaveAttribute(
      'href',
      'https://ico.org.uk/make-a-complaint',
    )
    await expect(section).toContainText('0303 123 1113')
    await expect(
      page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Complaints' }),
    ).toHaveAttribute('href', '/complaints')
    await section.getByRole('link', { name: 'make a data-protection complaint' }).click()
    await expect(page).toHaveURL('/complaints')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Make a data-protection complaint' }),
    ).toBeVisible()

    const email = `complainant-${unique()}@example.test`
    await page.getByLabel('Your name').fill('Ann Complaint')
    await page.getByLabel('Email').fill('not-an-address')
    await page.getByRole('button', { name: 'Send complaint' }).click()
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address')
    await expect(page.getByLabel('What is your complaint about?')).toHaveAccessibleDescription(
      /Tell us what your complaint is about/,
    )
    await expect(page.getByLabel('Your name')).toHaveValue('Ann Complaint')

    await page.getByLabel('Email').fill(email)
    await page
      .getByLabel('What is your complaint about?')
      .fill('I asked you to delete my data and you did not.')
    await page.getByRole('button', { name: 'Send complaint' }).click()
    const received = page.getByTestId('complaint-received')
    await expect(received).toContainText('We have received your complaint')
    const reference = (await page.getByTestId('complaint-reference').textContent())?.trim() ?? ''
    expect(reference).toMatch(/^DPC-\d{4}-\d{6,}$/)
    await expect(received).toContainText('ico.org.uk/make-a-complaint')

    const [row] = queryDatabase<{ email: string; acknowledgement_sent: number }>(
      'select email, acknowledgement_sent from complaint where reference = ?',
      reference,
    )
    expect(row).toEqual({ email, acknowledgement_sent: 1 })
    await expect
      .poll(() => mailsTo(email).map((m) => m.subject))
      .toEqual([`Your data-protection complaint ${reference}`])
  })
})

test.describe('the complaint form with JavaScript', () => {
  test('has no axe violations on the form, its errors and its confirmation, at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/complaints')
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Send complaint' }).click()
    await expect(page.getByLabel('What is your complaint about?')).toHaveAccessibleDescription(
      /Tell us what your complaint is about/,
    )
    expect(await axeViolations(page)).toEqual([])
    await page.getByLabel('Your name').fill('Cal Complaint')
    await page.getByLabel('Email').fill(`complainant-${unique()}@example.test`)
    await page.getByLabel('What is your complaint about?').fill('Please stop texting me.')
    await page.getByRole('button', { name: 'Send complaint' }).click()
    await expect(page.getByTestId('complaint-reference')).toHaveText(/^DPC-\d{4}-\d{6,}$/)
    expect(await axeViolations(page)).toEqual([])
  })
})

test.describe('complaints in the data requests area', () => {
  test('lists a complaint with its deadline and records the acknowledgement, outcome and reply', async ({
    adminPage: page,
  }) => {
    const email = `complainant-${unique()}@example.test`
    const response = await page.request.post('/api/complaints', {
      data: { name: 'Bea Complaint', email, details: 'You phoned me after I objected.' },
    })
    expect(response.status()).toBe(201)
    const { reference } = (await response.json()) as { reference: string }

    await page.setViewportSize({ width: 360, height: 740 })
    await tab(page, 'Data requests').click()
    const complaints = page.getByRole('region', { name: 'Complaints' })
    const row = complaints.getByRole('row').filter({ hasText: reference })
    await expect(row).toContainText('New')
    await expect(complaints.getByRole('columnheader', { name: 'Acknowledge by' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])

    await row.getByRole('button', { name: `Open ${reference}` }).click()
    const dialog = page.getByRole('dialog', { name: `Complaint ${reference}` })
    await expect(dialog).toContainText('You phoned me after I objected.')
    await expect(dialog).toContainText(email)
    expect(await axeViolations(page)).toEqual([])
    await dialog.getByLabel('Status').selectOption('acknowledged')
    await dialog.getByLabel('Outcome').fill('Upheld: number removed')
    await dialog.getByLabel('Reply sent').fill('We are sorry; we have removed your number.')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()
    await expect(row).toContainText('Acknowledged')
    await expect(row).toContainText('Upheld: number removed')
    const [stored] = queryDatabase<{ status: string; reply: string }>(
      'select status, reply from complaint where reference = ?',
      reference,
    )
    expect(stored).toEqual({ status: 'acknowledged', reply: 'We are sorry; we have removed your number.' })
    expect(count(`select count(*) as n from audit_log where action = 'complaint.update'`)).toBeGreaterThan(0)
  })
})
