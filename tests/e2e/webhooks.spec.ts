import type { Page } from '@playwright/test'
import { axeViolations, tab } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './support.ts'

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
const toastWith = (page: Page, title: string) =>
  page.getByRole('region', { name: /notifications/i }).getByText(title, { exact: true })

async function openWebhooks(page: Page) {
  await tab(page, 'Webhooks').click()
  await expect(tab(page, 'Webhooks')).toHaveAttribute('aria-selected', 'true')
}

test.describe('webhooks panel', () => {
  test('adds a webhook with a generated secret it never shows again, refuses plain http, and deletes it', async ({
    adminPage: page,
  }) => {
    const name = `Buyer ${unique()}`
    await openWebhooks(page)
    await page.getByRole('button', { name: 'Add Webhook' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Webhook' })
    await expect(dialog).toBeVisible()
    const secret = dialog.getByLabel('Secret')
    await expect(secret).toHaveValue(/^whsec_[0-9a-f]{64}$/)
    const first = await secret.inputValue()
    await dialog.getByRole('button', { name: 'Generate' }).click()
    await expect(secret).not.toHaveValue(first)
    const generated = await secret.inputValue()
    expect(await axeViolations(page)).toEqual([])

    await dialog.getByLabel('Name').fill(name)
    // The e2e server runs as production: leads only travel over https.
    await dialog.getByLabel('URL').fill('http://203.0.113.10/hooks')
    await dialog.getByRole('switch', { name: 'Active' }).click()
    await dialog.getByRole('button', { name: 'Create Webhook' }).click()
    await expect(dialog.getByRole('alert')).toHaveText(
      'The webhook URL must start with https:// (leads are sent encrypted)',
    )
    await dialog.getByLabel('URL').fill('https://203.0.113.10/hooks')
    await dialog.getByRole('button', { name: 'Create Webhook' }).click()
    await expect(toastWith(page, 'Webhook created')).toBeVisible()
    await expect(dialog).toBeHidden()

    const row = page.getByRole('row').filter({ hasText: name })
    await expect(row).toContainText('https://203.0.113.10/hooks')
    await expect(row).toContainText(`…${generated.slice(-4)}`)
    await expect(row).toContainText('Inactive')
    expect(await page.content()).not.toContain(generated)

    await row.getByRole('button', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Webhook' })
    await expect(edit.getByLabel('Secret')).toHaveValue('')
    await expect(edit).toContainText(`Leave blank to keep the saved secret (…${generated.slice(-4)})`)
    await edit.getByRole('button', { name: 'Cancel' }).click()

    await row.getByRole('button', { name: `Delete ${name}` }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete webhook?' })
    await confirm.getByRole('button', { name: 'Delete webhook' }).click()
    await expect(toastWith(page, 'Webhook deleted')).toBeVisible()
    await expect(row).toHaveCount(0)
  })

  test('the lead detail shows where the lead went, with Resend; the Overview shows failing deliveries', async ({
    adminPage: page,
  }) => {
    const lastName = `Hook${unique().replace(/\d/g, '')}`
    const posted = await page.request.post('/api/leads', {
      data: {
        firstName: 'Ada',
        lastName,
        email: `ada-${unique()}@example.test`,
        phone: `07${400_000_000 + Math.floor(Math.random() * 99_999_999)}`,
        hasConsent: true,
      },
    })
    expect(posted.status()).toBe(201)
    await page.reload()
    await waitForHydration(page)
    const failing = page.getByRole('region', { name: 'Failing deliveries' })
    await expect(failing).toContainText('Failed')
    await expect(failing).toContainText('Retrying')

    await tab(page, 'Leads').click()
    await page.getByRole('button', { name: `Ada ${lastName}` }).click()
    const detail = page.getByRole('dialog', { name: `Ada ${lastName}` })
    const deliveries = detail.getByRole('region', { name: 'Delivery to the buyer' })
    await expect(deliveries).toContainText('This lead has not been sent to any webhook.')
    expect(await axeViolations(page)).toEqual([])
    await deliveries.getByRole('button', { name: 'Resend' }).click()
    await expect(toastWith(page, 'Nothing to send')).toBeVisible()
  })
})
