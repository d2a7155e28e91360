import { devices, type Page } from '@playwright/test'
import { definitions } from '../../core/figures.ts'
import { axeViolations, count as countRows, tab } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { labels, option, questionTitles } from './journey.ts'
import { openE2eDatabase, waitForHydration } from './support.ts'

/**
 * Issue 32: figures that add up. The funnel labels questions by their text and states what each
 * share divides, no share is above 100 %, the definitions sit beside the figures, and the leads
 * grid shows buyer, price and source with a "Not offered" filter.
 */

function withDatabase<T>(
  work: (run: (sql: string, ...params: (string | number | null)[]) => number) => T,
): T {
  const db = openE2eDatabase()
  db.exec('PRAGMA busy_timeout = 5000')
  try {
    return work((sql, ...params) => Number(db.prepare(`${sql} returning id`).get(...params)?.id))
  } finally {
    db.close()
  }
}

/**
 * Two leads written as capture and routing write them: one sold to an inactive buyer (so no other
 * spec's lead is offered to it) on the lead's own campaign, one never offered.
 */
function seedLeads(suffix: string) {
  return withDatabase((insert) => {
    const lead = (first: string, saleStatus: string | null) =>
      insert(
        "insert into lead (first_name, last_name, email, phone, has_consent, reference, utm_source, utm_campaign, sale_status) values (?, ?, ?, '07700900123', 1, ?, 'figures-src', ?, ?)",
        first,
        `Figures${suffix}`,
        `${first.toLowerCase()}-${suffix}@example.com`,
        `figures-${first}-${suffix}`,
        `figures-${suffix}`,
        saleStatus,
      )
    const sold = lead('Sold', 'sold')
    const notOffered = lead('Waiting', null)
    const buyerName = `Figures Buyer ${suffix}`
    const buyer = insert('insert into buyer (name, named_in_consent, is_active) values (?, 0, 0)', buyerName)
    const webhook = insert(
      "insert into webhook (name, url, secret, is_active, kind) values ('endpoint', 'https://203.0.113.9/leads', 's', 0, 'contract')",
    )
    const contract = insert(
      "insert into contract (buyer_id, webhook_id, name, price_pence, filters, caps, is_active) values (?, ?, 'Figures', 3250, '{}', '{}', 0)",
      buyer,
      webhook,
    )
    const sale = insert(
      "insert into sale (lead_id, contract_id, buyer_id, status, price_pence, utm_source, utm_campaign, accepted_at) values (?, ?, ?, 'accepted', 3250, 'figures-src', ?, ?)",
      sold,
      contract,
      buyer,
      `figures-${suffix}`,
      new Date().toISOString(),
    )
    insert(
      "insert into ledger_entry (kind, buyer_id, contract_id, sale_id, lead_id, amount_pence, utm_source, utm_campaign) values ('sale', ?, ?, ?, ?, 3250, 'figures-src', ?)",
      buyer,
      contract,
      sale,
      sold,
      `figures-${suffix}`,
    )
    return { sold, notOffered, buyer, webhook, contract, sale, buyerName }
  })
}

function removeSeed(seed: ReturnType<typeof seedLeads>) {
  const db = openE2eDatabase()
  db.exec('PRAGMA busy_timeout = 5000')
  try {
    db.prepare('delete from ledger_entry where sale_id = ?').run(seed.sale)
    db.prepare('delete from sale where id = ?').run(seed.sale)
    db.prepare('delete from contract where id = ?').run(seed.contract)
    db.prepare('delete from webhook where id = ?').run(seed.webhook)
    db.prepare('delete from buyer where id = ?').run(seed.buyer)
    db.prepare('delete from lead where id in (?, ?)').run(seed.sold, seed.notOffered)
  } finally {
    db.close()
  }
}

/** Every percentage shown in a region, as numbers. */
async function percentages(page: Page, region: string) {
  const text = await page.getByRole('region', { name: region, exact: true }).last().innerText()
  return [...text.matchAll(/(\d+(?:\.\d+)?)%/g)].map((m) => Number(m[1]))
}

async function expectAccessibleAt360(page: Page) {
  await page.waitForLoadState('networkidle')
  expect(await axeViolations(page)).toEqual([])
  await page.setViewportSize({ width: 360, height: 740 })
  expect(await axeViolations(page)).toEqual([])
  await page.setViewportSize({ width: 1280, height: 800 })
}

test.describe('figures that add up', () => {
  test('the funnel is labelled with question texts, every share says what it divides and is at most 100 %', async ({
    adminPage: page,
  }) => {
    const campaign = `figures-${Date.now().toString(36)}`
    const visitor = await page
      .context()
      .browser()
      ?.newContext({ userAgent: `${devices['Desktop Chrome'].userAgent} ${campaign}` })
    if (!visitor) throw new Error('no browser')
    const home = await visitor.newPage()
    await home.goto(`/?utm_source=e2e&utm_campaign=${campaign}`)
    await waitForHydration(home)
    await option(home, labels.hadPcpFinance.yes).check()
    await home.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(home.getByText('Step 2 of 4')).toBeVisible()
    await visitor.close()
    // The queue is written every second: wait for the step's figure before reading the tab.
    await expect
      .poll(() =>
        countRows(
          `select coalesce(sum(visitors), 0) as n from analytics_daily where utm_campaign = '${campaign}' and stage = 'step'`,
        ),
      )
      .toBe(1)

    await tab(page, 'Analytics').click()
    await page.getByLabel('Campaign (utm_campaign)').fill(campaign)
    const funnel = page.getByRole('region', { name: 'Funnel steps' })
    const row = (label: string) => funnel.getByRole('row').filter({ hasText: label })
    const question = row(`Answered “${questionTitles[0]}”`)
    await expect(question.getByRole('cell').nth(1)).toHaveText('1')
    await expect(question.getByRole('cell').nth(2)).toHaveText('100.0% of visitors')
    await expect(funnel).not.toContainText('hadPcpFinance')
    await expect(row('Visitors who sent a lead').getByRole('cell').nth(2)).toHaveText('0.0% of visitors')
    // No leads on this campaign: the sold step divides the leads, so there is nothing to divide.
    await expect(row('Leads sold').getByRole('cell').nth(2)).toHaveText('–')

    // The definitions are visible text beside the figures.
    await expect(page.getByText(definitions.funnelShare)).toBeVisible()
    await expect(page.getByText(definitions.leadAttribution)).toBeVisible()
    await expect(page.getByText(definitions.conversionRate).first()).toBeVisible()

    for (const share of await percentages(page, 'Funnel steps')) expect(share).toBeLessThanOrEqual(100)
    await page.getByLabel('Campaign (utm_campaign)').fill('')
    await expect(
      page.getByRole('region', { name: 'Breakdown by campaign', exact: true }).last().getByRole('row').nth(1),
    ).toBeVisible()
    for (const region of ['Funnel steps', 'Breakdown by campaign']) {
      for (const share of await percentages(page, region)) expect(share).toBeLessThanOrEqual(100)
    }
    await expectAccessibleAt360(page)
  })

  test('the leads grid shows buyer, price and source, filters "Not offered", and defines its rates', async ({
    adminPage: page,
  }) => {
    const suffix = Date.now().toString(36)
    const seed = seedLeads(suffix)
    try {
      await tab(page, 'Leads').click()
      const stats = page.getByRole('region', { name: 'Conversion Rate' })
      await expect(stats).toContainText(/\d+ of \d+ visitors sent a lead/)
      const rate = Number((await stats.getByText(/^\d+%$/).innerText()).replace('%', ''))
      expect(rate).toBeLessThanOrEqual(100)
      await expect(page.getByText(definitions.conversionRate)).toBeVisible()
      await expect(page.getByText(definitions.averagePerDay)).toBeVisible()
      await expect(page.getByRole('region', { name: 'Average per Day' })).toContainText(/leads over 30 days/)

      await page.getByLabel('Search leads').fill(`Figures${suffix}`)
      const grid = page.getByRole('region', { name: 'Leads', exact: true })
      const head = grid.getByRole('columnheader')
      await expect(head.filter({ hasText: 'Buyer' })).toBeVisible()
      await expect(head.filter({ hasText: 'Price' })).toBeVisible()
      await expect(head.filter({ hasText: 'Source' })).toBeVisible()
      const sold = grid
        .getByRole('row')
        .filter({ hasText: 'Sold' })
        .filter({ hasText: `Figures${suffix}` })
      await expect(sold).toContainText(seed.buyerName)
      await expect(sold).toContainText('£32.50')
      await expect(sold).toContainText(`figures-src / figures-${suffix}`)
      await expect(grid.getByRole('row')).toHaveCount(3)

      await page.getByLabel('Sale to buyers').selectOption({ label: 'Not offered' })
      await expect(grid.getByRole('row')).toHaveCount(2)
      await expect(grid.getByRole('row').nth(1)).toContainText(`Waiting Figures${suffix}`)
      await expect(grid.getByRole('row').nth(1)).not.toContainText(seed.buyerName)
      await expectAccessibleAt360(page)
    } finally {
      removeSeed(seed)
    }
  })
})
