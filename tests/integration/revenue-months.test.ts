import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { expectError, ok } from '../support/http.ts'
import { insertBuyer } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

/** A period outside what the ledger can hold is the caller's mistake: 400, never 500. */
describe(`revenue periods outside the ledger's range, on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let buyerId: number

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
    buyerId = (await insertBuyer(app.database.db, { name: 'Months' })).id
  })
  afterAll(async () => {
    await app?.close()
  })

  it('refuses a statement month past the range, in JSON and CSV', async () => {
    for (const month of ['9999-12', '9999-11', '3000-01', '1999-12']) {
      for (const path of ['statement', 'statement.csv']) {
        await expectError(
          await admin.get(`/api/admin/revenue/${path}?buyerId=${buyerId}&month=${month}`),
          400,
          /month must be between 2000-01 and 2999-12/,
        )
      }
    }
    const edge = await ok(await admin.get(`/api/admin/revenue/statement?buyerId=${buyerId}&month=2999-12`))
    expect(edge).toMatchObject({ month: '2999-12' })
  })

  it('refuses report days past the range', async () => {
    await expectError(
      await admin.get('/api/admin/revenue?from=9999-12-31&to=9999-12-31'),
      400,
      /to must be between|from must be between/,
    )
    await ok(await admin.get('/api/admin/revenue?from=2999-12-31&to=2999-12-31'))
  })
})
