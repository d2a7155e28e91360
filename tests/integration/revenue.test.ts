import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RevenueReport, Statement } from '../../core/schemas/revenue.ts'
import type { DB } from '../../server/platform/index.ts'
import { recordReturn } from '../../server/sales/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { insertLead } from '../support/factories.ts'
import { expectError, ok } from '../support/http.ts'
import { insertBuyer, insertContract, insertSale } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

type Sale = Awaited<ReturnType<typeof insertSale>>

/** An approved return of a sale with its ledger entry, as the returns module writes them. */
async function approveReturn(db: Kysely<DB>, sale: Sale, at: Date) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('leadReturn')
      .values({
        saleId: sale.id,
        buyerId: sale.buyerId,
        reason: 'wrong_number',
        status: 'approved',
        decidedAt: at,
      })
      .execute()
    await recordReturn(trx, sale)
    await trx
      .updateTable('ledgerEntry')
      .set({ createdAt: at } as never)
      .where('saleId', '=', sale.id)
      .where('kind', '=', 'return')
      .execute()
  })
}

function csvLines(text: string) {
  return text.replace(/^\uFEFF/, '').split('\r\n')
}

describe(`revenue from the ledger on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let editor: AdminClient
  let acme: { id: number }
  let bravo: { id: number }
  const refs: Record<string, string> = {}

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
    editor = await createSignedInAdmin(app, { role: 'editor' })
    const db = app.database.db
    acme = await insertBuyer(db, { name: 'Acme Claims' })
    bravo = await insertBuyer(db, { name: 'Bravo Legal' })
    const cA = await insertContract(db, acme.id, { name: 'Acme, standard', pricePence: 2500 })
    const cB = await insertContract(db, bravo.id, { name: 'Bravo premium', pricePence: 4000 })
    const lead = async (key: string) => {
      const row = await insertLead(db, { reference: `REF-${key}`, email: `${key}@example.test` })
      refs[key] = `REF-${key}`
      return row.id
    }
    const google = { utmSource: 'google', utmCampaign: 'summer' }
    // 13:00 BST on 14 July.
    await insertSale(db, {
      leadId: await lead('l1'),
      contract: cA,
      acceptedAt: new Date('2026-07-14T12:00:00Z'),
      ...google,
    })
    // 23:30 UTC on 14 July is 00:30 on 15 July in London.
    const late = await insertSale(db, {
      leadId: await lead('l2'),
      contract: cA,
      acceptedAt: new Date('2026-07-14T23:30:00Z'),
      ...google,
    })
    await insertSale(db, {
      leadId: await lead('l3'),
      contract: cB,
      acceptedAt: new Date('2026-07-15T09:00:00Z'),
      utmSource: 'facebook',
    })
    await approveReturn(db, late, new Date('2026-07-16T10:00:00Z'))
    // In winter London is on GMT: 23:30 UTC is still the same day.
    await insertSale(db, {
      leadId: await lead('l4'),
      contract: cB,
      acceptedAt: new Date('2026-01-14T23:30:00Z'),
    })
    // The last evening of June in UTC is the first hour of July in London.
    await insertSale(db, {
      leadId: await lead('l5'),
      contract: cA,
      acceptedAt: new Date('2026-06-30T23:30:00Z'),
    })
    // Attribution is whatever the visitor's link said: a formula must stay text in the statement.
    await insertSale(db, {
      leadId: await lead('l7'),
      contract: cB,
      acceptedAt: new Date('2026-07-25T10:00:00Z'),
      utmSource: '=HYPERLINK("http://x")',
      utmCampaign: '-2+3',
    })
    // A lead erased after it was sold: the money stays, the reference goes.
    const erased = await lead('l6')
    await insertSale(db, { leadId: erased, contract: cA, acceptedAt: new Date('2026-07-20T10:00:00Z') })
    await db.deleteFrom('lead').where('id', '=', erased).execute()
  })
  afterAll(async () => {
    await app?.close()
  })

  const report = async (query: string) =>
    (await ok(await admin.get(`/api/admin/revenue?${query}`))) as unknown as RevenueReport

  it('sums sales and approved returns per London day, every day of the period included', async () => {
    const r = await report('from=2026-07-13&to=2026-07-16')
    expect(r.from).toBe('2026-07-13')
    expect(r.to).toBe('2026-07-16')
    expect(
      r.byDay.map((d) => [d.date, d.salesCount, d.salesPence, d.returnsCount, d.returnsPence, d.netPence]),
    ).toEqual([
      ['2026-07-13', 0, 0, 0, 0, 0],
      ['2026-07-14', 1, 2500, 0, 0, 2500],
      ['2026-07-15', 2, 6500, 0, 0, 6500],
      ['2026-07-16', 0, 0, 1, 2500, -2500],
    ])
    expect(r.totals).toEqual({
      salesCount: 3,
      salesPence: 9000,
      returnsCount: 1,
      returnsPence: 2500,
      netPence: 6500,
    })
  })

  it('groups by buyer and by campaign, net of returns, the biggest first', async () => {
    const r = await report('from=2026-07-14&to=2026-07-16')
    expect(r.byBuyer).toEqual([
      {
        buyerId: bravo.id,
        buyerName: 'Bravo Legal',
        salesCount: 1,
        salesPence: 4000,
        returnsCount: 0,
        returnsPence: 0,
        netPence: 4000,
      },
      {
        buyerId: acme.id,
        buyerName: 'Acme Claims',
        salesCount: 2,
        salesPence: 5000,
        returnsCount: 1,
        returnsPence: 2500,
        netPence: 2500,
      },
    ])
    expect(r.byCampaign).toEqual([
      {
        utmSource: 'facebook',
        utmCampaign: '(none)',
        salesCount: 1,
        salesPence: 4000,
        returnsCount: 0,
        returnsPence: 0,
        netPence: 4000,
      },
      {
        utmSource: 'google',
        utmCampaign: 'summer',
        salesCount: 2,
        salesPence: 5000,
        returnsCount: 1,
        returnsPence: 2500,
        netPence: 2500,
      },
    ])
  })

  it('holds to London day boundaries in summer and in winter', async () => {
    const day = await report('from=2026-07-14&to=2026-07-14')
    expect(day.byDay).toHaveLength(1)
    expect(day.totals.salesCount).toBe(1)
    expect(day.totals.salesPence).toBe(2500)
    const winter = await report('from=2026-01-14&to=2026-01-14')
    expect(winter.totals).toMatchObject({ salesCount: 1, salesPence: 4000, netPence: 4000 })
    const july1 = await report('from=2026-07-01&to=2026-07-01')
    expect(july1.totals).toMatchObject({ salesCount: 1, salesPence: 2500 })
    const june30 = await report('from=2026-06-30&to=2026-06-30')
    expect(june30.totals.salesCount).toBe(0)
  })

  it('filters by buyer, source and campaign ((none) for entries without one)', async () => {
    const period = 'from=2026-07-14&to=2026-07-16'
    const byAcme = await report(`${period}&buyerId=${acme.id}`)
    expect(byAcme.totals).toEqual({
      salesCount: 2,
      salesPence: 5000,
      returnsCount: 1,
      returnsPence: 2500,
      netPence: 2500,
    })
    expect(byAcme.byBuyer.map((b) => b.buyerName)).toEqual(['Acme Claims'])
    const google = await report(`${period}&utmSource=google`)
    expect(google.totals.netPence).toBe(2500)
    const none = await report(`${period}&utmCampaign=(none)`)
    expect(none.totals).toMatchObject({ salesCount: 1, salesPence: 4000 })
    expect(none.byCampaign.map((c) => c.utmSource)).toEqual(['facebook'])
    const nothing = await report(`${period}&utmSource=facebook&utmCampaign=summer`)
    expect(nothing.totals.salesCount).toBe(0)
    expect(nothing.byBuyer).toEqual([])
    expect(nothing.byDay).toHaveLength(3)
    const blank = await report(`${period}&buyerId=&utmSource=&utmCampaign=`)
    expect(blank.totals.netPence).toBe(6500)
  })

  it('defaults to the last 30 London days', async () => {
    const r = await report('')
    expect(r.byDay).toHaveLength(30)
    expect(r.byDay.at(-1)?.date).toBe(r.to)
    expect(r.byDay[0]?.date).toBe(r.from)
  })

  it('refuses bad dates, a reversed or too long period and a bad buyer id with 400', async () => {
    await expectError(
      await admin.get('/api/admin/revenue?from=2026-02-30'),
      400,
      'from must be a date (YYYY-MM-DD)',
    )
    await expectError(
      await admin.get('/api/admin/revenue?to=14/07/2026'),
      400,
      'to must be a date (YYYY-MM-DD)',
    )
    await expectError(
      await admin.get('/api/admin/revenue?from=2026-07-16&to=2026-07-14'),
      400,
      'from must not be after to',
    )
    await expectError(
      await admin.get('/api/admin/revenue?from=2025-01-01&to=2026-01-02'),
      400,
      'The period may be at most 366 days',
    )
    await ok(await admin.get('/api/admin/revenue?from=2025-01-01&to=2026-01-01'))
    await expectError(await admin.get('/api/admin/revenue?buyerId=abc'), 400, 'buyerId must be a buyer id')
  })

  it('downloads a buyer month as CSV: London times, amounts in pounds, totals, a named file', async () => {
    const response = await admin.get(`/api/admin/revenue/statement.csv?buyerId=${acme.id}&month=2026-07`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="statement-acme-claims-2026-07.csv"',
    )
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes)
    expect(csvLines(text)).toEqual([
      'Date,Kind,Contract,Lead reference,UTM source,UTM campaign,Amount (£)',
      `01/07/2026 00:30,Sale,"Acme, standard",${refs.l5},,,25.00`,
      `14/07/2026 13:00,Sale,"Acme, standard",${refs.l1},google,summer,25.00`,
      `15/07/2026 00:30,Sale,"Acme, standard",${refs.l2},google,summer,25.00`,
      `16/07/2026 11:00,Return,"Acme, standard",${refs.l2},google,summer,-25.00`,
      '20/07/2026 11:00,Sale,"Acme, standard",,,,25.00',
      'Total sales (4),,,,,,100.00',
      'Total returns (1),,,,,,-25.00',
      'Net,,,,,,75.00',
      '',
    ])
    const june = await (
      await admin.get(`/api/admin/revenue/statement.csv?buyerId=${acme.id}&month=2026-06`)
    ).text()
    expect(csvLines(june).slice(1)).toEqual([
      'Total sales (0),,,,,,0.00',
      'Total returns (0),,,,,,0.00',
      'Net,,,,,,0.00',
      '',
    ])
  })

  it('keeps formulas out of the statement: attribution cells are neutralised', async () => {
    const text = await (
      await admin.get(`/api/admin/revenue/statement.csv?buyerId=${bravo.id}&month=2026-07`)
    ).text()
    expect(csvLines(text).slice(1)).toEqual([
      `15/07/2026 10:00,Sale,Bravo premium,${refs.l3},facebook,,40.00`,
      `25/07/2026 11:00,Sale,Bravo premium,${refs.l7},"'=HYPERLINK(""http://x"")",'-2+3,40.00`,
      'Total sales (2),,,,,,80.00',
      'Total returns (0),,,,,,0.00',
      'Net,,,,,,80.00',
      '',
    ])
  })

  it('answers the same statement as JSON for the admin', async () => {
    const s = (await ok(
      await admin.get(`/api/admin/revenue/statement?buyerId=${acme.id}&month=2026-07`),
    )) as unknown as Statement
    expect(s.buyer).toEqual({ id: acme.id, name: 'Acme Claims' })
    expect(s.month).toBe('2026-07')
    expect(s.entries.map((e) => [e.kind, e.leadReference, e.amountPence])).toEqual([
      ['sale', refs.l5, 2500],
      ['sale', refs.l1, 2500],
      ['sale', refs.l2, 2500],
      ['return', refs.l2, -2500],
      ['sale', null, 2500],
    ])
    expect(s.entries[0]?.createdAt).toBe('2026-06-30T23:30:00.000Z')
    expect(s.totals).toEqual({
      salesCount: 4,
      salesPence: 10000,
      returnsCount: 1,
      returnsPence: 2500,
      netPence: 7500,
    })
  })

  it('lists the buyers to choose a statement from', async () => {
    const buyers = await ok(await admin.get('/api/admin/revenue/buyers'))
    expect(buyers).toEqual(
      expect.arrayContaining([
        { id: acme.id, name: 'Acme Claims' },
        { id: bravo.id, name: 'Bravo Legal' },
      ]),
    )
  })

  it('refuses a bad month with 400 and an unknown buyer with 404', async () => {
    for (const path of ['statement.csv', 'statement']) {
      await expectError(
        await admin.get(`/api/admin/revenue/${path}?buyerId=${acme.id}&month=2026-13`),
        400,
        'month must be a month (YYYY-MM)',
      )
      await expectError(
        await admin.get(`/api/admin/revenue/${path}?month=2026-07`),
        400,
        'buyerId is required',
      )
      await expectError(
        await admin.get(`/api/admin/revenue/${path}?buyerId=999999&month=2026-07`),
        404,
        'Buyer not found',
      )
    }
  })

  it('is for admins with the buyers permission only', async () => {
    for (const path of [
      '',
      '/buyers',
      `/statement?buyerId=${acme.id}&month=2026-07`,
      `/statement.csv?buyerId=${acme.id}&month=2026-07`,
    ]) {
      expect((await editor.get(`/api/admin/revenue${path}`)).status).toBe(403)
      expect((await app.request(`/api/admin/revenue${path}`)).status).toBe(401)
    }
    const granted = await createSignedInAdmin(app, { role: 'editor', permissions: ['buyers'] })
    await ok(await granted.get('/api/admin/revenue'))
  })
})
