import type { Page } from '@playwright/test'
import { axeViolations, tab } from './admin-support.ts'
import { expect, test } from './fixtures.ts'

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
const toastWith = (page: Page, title: string) =>
  page.getByRole('region', { name: /notifications/i }).getByText(title, { exact: true })

type Question = { id: string; title: string; options: { value: string; label: string }[] }
type Contract = Record<string, unknown> & { id: number; filters: Record<string, unknown> }

async function expectNoViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([])
}

test.describe('buyers panel', () => {
  test('creates a buyer and a contract through the dialogs, edits both, and deletes them', async ({
    adminPage: page,
  }) => {
    test.setTimeout(90_000)
    const name = `Claims Firm ${unique()} Ltd`
    const tradingName = `Firm ${unique()}`
    const endpoint = `https://203.0.113.30/leads-${unique()}`
    const [question] = (await (await page.request.get('/api/admin/buyers/questions')).json()) as Question[]
    expect(question).toBeDefined()
    const option = question?.options[0] as { value: string; label: string }

    try {
      await tab(page, 'Buyers').click()
      await expect(tab(page, 'Buyers')).toHaveAttribute('aria-selected', 'true')
      await page.getByRole('button', { name: 'Add Buyer' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add Buyer' })
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
      await dialog.getByLabel('Trading name').fill(tradingName)
      await dialog.getByLabel('FCA firm reference number').fill('12AB')
      await dialog.getByLabel('Contact email').fill('leads@firm.example')
      await dialog.getByLabel('Order on the consent form').fill('7')
      // The shared schema refuses it in the browser: nothing is sent, and the field says why.
      await dialog.getByRole('button', { name: 'Create Buyer' }).click()
      await expect(dialog.getByRole('alert')).toHaveText('The FCA firm reference number is 6 or 7 digits')
      await expect(dialog.getByLabel('FCA firm reference number')).toHaveAttribute('aria-invalid', 'true')
      await expectNoViolations(page)
      await dialog.getByLabel('FCA firm reference number').fill('654321')
      await dialog.getByRole('button', { name: 'Create Buyer' }).click()
      await expect(toastWith(page, 'Buyer created')).toBeVisible()
      await expect(dialog).toBeHidden()
      const row = page.getByRole('row').filter({ hasText: name })
      await expect(row).toContainText('654321')
      await expect(row).toContainText('Named (order 7)')
      await expect(row).toContainText('0 active of 0')
      await expect(
        row.getByRole('link', { name: `Access of ${name}: API keys and sign-in accounts` }),
      ).toHaveAttribute('href', /^\/admin\/buyers\/\d+\/access$/)

      await row.getByRole('button', { name: `Edit ${name}` }).click()
      const editBuyer = page.getByRole('dialog', { name: 'Edit Buyer' })
      await expect(editBuyer.getByLabel('Trading name')).toHaveValue(tradingName)
      await editBuyer.getByLabel('Trading name').fill(`${tradingName} Legal`)
      await editBuyer.getByRole('button', { name: 'Update Buyer' }).click()
      await expect(toastWith(page, 'Buyer updated')).toBeVisible()
      await expect(row).toContainText(`${tradingName} Legal`)

      await row.getByRole('button', { name: `Contracts of ${name}` }).click()
      const section = page.getByRole('region', { name: `Contracts of ${tradingName} Legal` })
      await expect(section.getByText('No contracts yet')).toBeVisible()
      await section.getByRole('button', { name: 'Add Contract' }).click()
      const add = page.getByRole('dialog', { name: 'Add Contract' })
      await expect(add.getByLabel('Secret')).toHaveValue(/^whsec_[0-9a-f]{64}$/)
      const secret = await add.getByLabel('Secret').inputValue()
      await add.getByRole('textbox', { name: 'Name', exact: true }).fill('Weekday mobiles')
      await add.getByLabel('Price per lead (£)').fill('25.50')
      await add.getByLabel('Sold').selectOption('shared')
      await add.getByLabel('Shared with at most (buyers)').fill('2')
      await add
        .getByRole('group', { name: question?.title })
        .getByRole('checkbox', { name: option.label })
        .check()
      await add.getByRole('switch', { name: 'Eligible leads only' }).click()
      await add.getByRole('group', { name: 'Phone types' }).getByRole('checkbox', { name: 'Mobile' }).check()
      await add.getByLabel('utm_source').fill('google\nbing')
      await add.getByLabel('Landing pages').fill('/claims*')
      await add.getByRole('switch', { name: 'Only at set times' }).click()
      await add.getByRole('group', { name: 'Days' }).getByRole('checkbox', { name: 'Fri' }).uncheck()
      await add.getByLabel('From', { exact: true }).fill('08:30')
      await add.getByLabel('To', { exact: true }).fill('18:00')
      await add.getByLabel('Per day').fill('40')
      await add.getByLabel('Priority').fill('5')
      await add.getByLabel('Endpoint URL').fill(endpoint)
      await add.getByLabel('Accepted when (JSON path)').fill('status')
      await add.getByLabel('Return window (days)').fill('10')
      // Not offered leads while the rest of the suite runs.
      await add.getByRole('switch', { name: 'Active', exact: true }).click()
      await expectNoViolations(page)
      await add.getByRole('button', { name: 'Create Contract' }).click()
      await expect(toastWith(page, 'Contract created')).toBeVisible()
      await expect(add).toBeHidden()

      const contractRow = section.getByRole('row').filter({ hasText: 'Weekday mobiles' })
      await expect(contractRow).toContainText('£25.50')
      await expect(contractRow).toContainText('Shared (up to 2)')
      await expect(contractRow).toContainText('Mon–Thu 08:30–18:00')
      await expect(contractRow).toContainText('40/day')
      await expect(contractRow).toContainText('5 / 1')
      await expect(contractRow.getByRole('switch', { name: 'Active: Weekday mobiles' })).toHaveAttribute(
        'aria-checked',
        'false',
      )
      expect(await page.content()).not.toContain(secret)

      const buyerId = Number(
        ((await (await page.request.get('/api/admin/buyers')).json()) as { id: number; name: string }[]).find(
          (b) => b.name === name,
        )?.id,
      )
      const [saved] = (await (
        await page.request.get(`/api/admin/buyers/${buyerId}/contracts`)
      ).json()) as Contract[]
      expect(saved).toMatchObject({
        pricePence: 2550,
        exclusive: false,
        maxBuyers: 2,
        filters: {
          answers: { [question?.id as string]: [option.value] },
          eligibleOnly: true,
          phoneTypes: ['mobile'],
          utmSources: ['google', 'bing'],
          landingPaths: ['/claims*'],
        },
        schedule: { days: [1, 2, 3, 4], from: '08:30', to: '18:00', bankHolidays: false },
        caps: { day: 40 },
        priority: 5,
        webhookUrl: endpoint,
        secretHint: `…${secret.slice(-4)}`,
        acceptPath: 'status',
        returnWindowDays: 10,
        isActive: false,
      })
      expect(saved).not.toHaveProperty('secret')

      await contractRow.getByRole('button', { name: 'Edit Weekday mobiles' }).click()
      const edit = page.getByRole('dialog', { name: 'Edit Contract' })
      await expect(edit.getByLabel('Price per lead (£)')).toHaveValue('25.5')
      await expect(edit.getByLabel('Secret')).toHaveValue('')
      await expect(edit).toContainText(`Leave blank to keep the saved secret (…${secret.slice(-4)})`)
      await expect(
        edit.getByRole('group', { name: question?.title }).getByRole('checkbox', { name: option.label }),
      ).toBeChecked()
      await edit.getByLabel('Price per lead (£)').fill('30')
      await edit.getByRole('button', { name: 'Update Contract' }).click()
      await expect(toastWith(page, 'Contract updated')).toBeVisible()
      await expect(contractRow).toContainText('£30.00')
      const after = (await (await page.request.get(`/api/admin/contracts/${saved?.id}`)).json()) as Contract
      expect(after).toMatchObject({
        pricePence: 3000,
        secretHint: `…${secret.slice(-4)}`,
        filters: saved?.filters,
      })

      await expectNoViolations(page)
      await page.setViewportSize({ width: 360, height: 740 })
      await expectNoViolations(page)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await page.setViewportSize({ width: 1280, height: 800 })

      await contractRow.getByRole('button', { name: 'Delete Weekday mobiles' }).click()
      await page
        .getByRole('dialog', { name: 'Delete contract?' })
        .getByRole('button', { name: 'Delete contract' })
        .click()
      await expect(toastWith(page, 'Contract deleted')).toBeVisible()
      await expect(contractRow).toHaveCount(0)
      await row.getByRole('button', { name: `Delete ${name}` }).click()
      await page
        .getByRole('dialog', { name: 'Delete buyer?' })
        .getByRole('button', { name: 'Delete buyer' })
        .click()
      await expect(toastWith(page, 'Buyer deleted')).toBeVisible()
      await expect(row).toHaveCount(0)
    } finally {
      // A buyer named on the consent form changes every public page's wording: never leave one behind.
      const buyers = (await (await page.request.get('/api/admin/buyers')).json()) as {
        id: number
        name: string
      }[]
      for (const b of buyers.filter((b) => b.name === name)) {
        await page.request.delete(`/api/admin/buyers/${b.id}`)
      }
    }
  })
})
