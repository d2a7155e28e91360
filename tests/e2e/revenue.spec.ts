import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { axeViolations, tab } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { openE2eDatabase } from './support.ts'

const DAY = 86_400_000
const londonMonth = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit' }).format(
    at,
  )

/**
 * Ledger data written straight to the e2e server's database, as routing and returns write it: two
 * sales and a return for one buyer, one sale for another, in the last few days. The buyers and
 * their endpoints are inactive so no other spec's lead is offered to them.
 */
function seedLedger(suffix: string) {
  const db = openE2eDatabase()
  db.exec('PRAGMA busy_timeout = 5000')
  try {
    const insert = (sql: string, ...params: (string | number | null)[]) =>
      Number(db.prepare(`${sql} returning id`).get(...params)?.id)
    const buyer = (name: string) =>
      insert('insert into buyer (name, named_in_consent, is_active) values (?, 0, 0)', name)
    const contract = (buyerId: number, name: string, price: number) => {
      const webhookId = insert(
        "insert into webhook (name, url, secret, is_active, kind) values ('endpoint', 'https://203.0.113.9/leads', 's', 0, 'contract')",
      )
      return insert(
        "insert into contract (buyer_id, webhook_id, name, price_pence, filters, caps, is_active) values (?, ?, ?, ?, '{}', '{}', 0)",
        buyerId,
        webhookId,
        name,
        price,
      )
    }
    const sale = (buyerId: number, contractId: number, price: number, at: Date, source: string | null) => {
      const saleId = insert(
        "insert into sale (contract_id, buyer_id, status, price_pence, utm_source, utm_campaign, created_at, accepted_at) values (?, ?, 'accepted', ?, ?, 'autumn', ?, ?)",
        contractId,
        buyerId,
        price,
        source,
        at.toISOString(),
        at.toISOString(),
      )
      insert(
        "insert into ledger_entry (kind, buyer_id, contract_id, sale_id, amount_pence, utm_source, utm_campaign, created_at) values ('sale', ?, ?, ?, ?, ?, 'autumn', ?)",
        buyerId,
        contractId,
        saleId,
        price,
        source,
        at.toISOString(),
      )
      return saleId
    }
    const acme = buyer(`Acme ${suffix}`)
    const bravo = buyer(`Bravo ${suffix}`)
    const acmeContract = contract(acme, 'Acme standard', 2500)
    const bravoContract = contract(bravo, 'Bravo premium', 4000)
    const saleAt = new Date(Math.floor(Date.now() / DAY) * DAY - 2 * DAY + 12 * 3_600_000)
    const returned = sale(acme, acmeContract, 2500, saleAt, 'google')
    sale(acme, acmeContract, 2500, saleAt, 'google')
    sale(bravo, bravoContract, 4000, saleAt, 'facebook')
    const returnAt = new Date(Date.now() - 60_000).toISOString()
    insert(
      "insert into lead_return (sale_id, buyer_id, reason, status, decided_at) values (?, ?, 'wrong_number', 'approved', ?)",
      returned,
      acme,
      returnAt,
    )
    insert(
      "insert into ledger_entry (kind, buyer_id, contract_id, sale_id, amount_pence, utm_source, utm_campaign, created_at) values ('return', ?, ?, ?, -2500, 'google', 'autumn', ?)",
      acme,
      acmeContract,
      returned,
      returnAt,
    )
    return { acme: `Acme ${suffix}`, saleMonth: londonMonth(saleAt) }
  } finally {
    db.close()
  }
}

async function expectNoAxeViolationsAt360(page: Page) {
  expect(await axeViolations(page)).toEqual([])
  await page.setViewportSize({ width: 360, height: 740 })
  expect(await axeViolations(page)).toEqual([])
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

test.describe('revenue', () => {
  test('the overview shows revenue net of returns and a buyer statement downloads', async ({
    adminPage: page,
  }) => {
    const suffix = Date.now().toString(36)
    const { acme, saleMonth } = seedLedger(suffix)
    await page.reload()
    const revenue = page.getByRole('region', { name: 'Revenue', exact: true })
    // Other specs may have sold leads on this server: read this spec's buyers' rows.
    const acmeRow = revenue.getByRole('row').filter({ hasText: acme })
    await expect(acmeRow).toContainText('£50.00')
    await expect(acmeRow.getByRole('cell').last()).toHaveText('£25.00')
    await expect(
      revenue
        .getByRole('row')
        .filter({ hasText: `Bravo ${suffix}` })
        .getByRole('cell')
        .last(),
    ).toHaveText('£40.00')
    await expect(revenue.getByRole('row').filter({ hasText: 'google' }).getByRole('cell').last()).toHaveText(
      '£25.00',
    )
    await expect(revenue.getByText('Net revenue', { exact: true })).toBeVisible()
    await expect(revenue.getByRole('img', { name: /^Net revenue per day from/ })).toBeVisible()

    const statements = page.getByRole('region', { name: 'Statements', exact: true })
    await statements.getByLabel('Buyer').selectOption({ label: acme })
    await statements.getByLabel('Month').fill(saleMonth)
    await expect(statements.getByText(/entries: sales £50\.00, returns £25\.00, net £25\.00\./)).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expectNoAxeViolationsAt360(page)

    const downloading = page.waitForEvent('download')
    await statements.getByRole('link', { name: 'Download statement (CSV)' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(`statement-acme-${suffix}-${saleMonth}.csv`)
    const text = fs.readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '')
    const lines = text.split('\r\n')
    expect(lines[0]).toBe('Date,Kind,Contract,Lead reference,UTM source,UTM campaign,Amount (£)')
    expect(lines.filter((l) => l.includes(',Sale,Acme standard,,google,autumn,25.00'))).toHaveLength(2)
    expect(lines.slice(-4)).toEqual([
      'Total sales (2),,,,,,50.00',
      'Total returns (1),,,,,,-25.00',
      'Net,,,,,,25.00',
      '',
    ])
  })

  test('the leads panel folds revenue for the filtered campaign away, accessibly', async ({
    adminPage: page,
  }) => {
    const suffix = Date.now().toString(36)
    seedLedger(suffix)
    await tab(page, 'Leads').click()
    await page.getByLabel('Source (utm_source)').fill('facebook')
    const details = page.locator('summary').filter({ hasText: 'Revenue' })
    await expect(page.getByText('for source “facebook”')).toBeVisible()
    await details.click()
    const byBuyer = page.getByRole('region', { name: 'Revenue by buyer' })
    await expect(byBuyer.getByRole('row').filter({ hasText: `Bravo ${suffix}` })).toContainText('£40.00')
    await expect(byBuyer.getByRole('row').filter({ hasText: `Acme ${suffix}` })).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Statements' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expectNoAxeViolationsAt360(page)
  })
})
