import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { axeViolations, count, tab } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { queryDatabase } from './support.ts'

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

async function postLead(page: Page, email: string, phone: string, firstName: string) {
  const response = await page.request.post('/api/leads', {
    data: { firstName, lastName: 'Request', email, phone, carDetails: 'Ford Fiesta 2012', hasConsent: true },
  })
  expect(response.status()).toBe(201)
  const { reference } = (await response.json()) as { reference: string }
  const [lead] = queryDatabase<{ id: number }>('select id from lead where reference = ?', reference)
  return lead?.id as number
}

test.describe('data requests tab', () => {
  test('looks a person up by phone, downloads their data and erases it', async ({ adminPage: page }) => {
    const id = unique()
    const email = `person-${id}@example.test`
    const phone = `07700 9${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`
    const firstName = `Data${id}`
    const leadId = await postLead(page, email, `+44 ${phone.slice(1)}`, firstName)

    await tab(page, 'Data requests').click()
    await expect(page).toHaveURL('/admin?tab=subjects')
    await page.getByLabel('Look up by').selectOption('phone')
    await page.getByLabel('Phone number', { exact: true }).fill(phone)
    await page.getByRole('button', { name: 'Look up' }).click()

    const held = page.getByRole('region', { name: 'What we hold' })
    await expect(held).toContainText(`1 lead for ${phone}`)
    const row = held.getByRole('row').filter({ hasText: `#${leadId}` })
    await expect(row).toContainText(`${firstName} Request`)
    await expect(row).toContainText(email)
    expect(await axeViolations(page)).toEqual([])

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      held.getByRole('link', { name: 'Download JSON' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('subject-export.json')
    const file = await download.path()
    const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as { found: number; leads: { id: number }[] }
    expect(exported.found).toBe(1)
    expect(exported.leads[0]?.id).toBe(leadId)

    await held.getByRole('button', { name: 'Erase' }).click()
    const dialog = page.getByRole('dialog', { name: "Erase this person's data?" })
    await expect(dialog).toContainText('cannot be undone')
    await expect(dialog).toContainText(phone)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    expect(count(`select count(*) as n from lead where id = ${leadId}`)).toBe(1)

    await held.getByRole('button', { name: 'Erase' }).click()
    await dialog.getByRole('button', { name: 'Erase 1 lead' }).click()
    await expect(
      page.getByRole('region', { name: /notifications/i }).getByText('Personal data erased', { exact: true }),
    ).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: `1 lead erased for ${phone}` })).toBeVisible()
    await expect(held).toBeHidden()
    expect(count(`select count(*) as n from lead where id = ${leadId}`)).toBe(0)
  })

  test('says when nothing is held and what is wrong with a search, at 360 px without axe violations', async ({
    adminPage: page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await tab(page, 'Data requests').click()
    await page.getByLabel('Email address', { exact: true }).fill(`nobody-${unique()}@example.test`)
    await page.getByRole('button', { name: 'Look up' }).click()
    await expect(page.getByRole('region', { name: 'What we hold' })).toContainText('Nothing is held for')
    await expect(page.getByRole('button', { name: 'Erase' })).toHaveCount(0)

    await page.getByLabel('Look up by').selectOption('phone')
    await page.getByLabel('Phone number', { exact: true }).fill('12345')
    await page.getByRole('button', { name: 'Look up' }).click()
    await expect(page.getByText('Please enter a valid UK phone number')).toBeVisible()
    await expect(page.getByLabel('Phone number', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    expect(await axeViolations(page)).toEqual([])
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })

  test('opens the lead named in a new-lead email link', async ({ adminPage: page }) => {
    const id = unique()
    const leadId = await postLead(
      page,
      `linked-${id}@example.test`,
      `07700 9${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
      `Linked${id}`,
    )
    await page.goto(`/admin?tab=leads&lead=${leadId}`)
    const dialog = page.getByRole('dialog', { name: `Linked${id} Request` })
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL('/admin?tab=leads')
  })
})
