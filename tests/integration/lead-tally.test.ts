import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setSaleStatus } from '../../server/leads/index.ts'
import { createSignedInAdmin } from '../support/admin-client.ts'
import { allowRepeatLeads, eligibleAnswers, insertLead, leadPayload } from '../support/factories.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

// Issue 36: the lead totals (a striped tally kept by triggers on PostgreSQL, a count on SQLite)
// stay exact, and a sale-status update no longer writes the tally at all.
describe(`lead tally (${testDialect})`, () => {
  let app: TestApp
  let admin: Awaited<ReturnType<typeof createSignedInAdmin>>
  const db = () => app.database.db

  beforeAll(async () => {
    app = await startTestApp()
    await allowRepeatLeads(app)
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
  })

  async function shownTotal(): Promise<number> {
    const response = await admin.get('/api/leads?page=1&pageSize=1')
    expect(response.status).toBe(200)
    return ((await response.json()) as { total: number }).total
  }

  async function counted() {
    const row = await sql<{ total: number; notConsented: number }>`select count(*) as total,
      sum(case when has_consent then 0 else 1 end) as not_consented from lead`.execute(db())
    return { total: Number(row.rows[0]?.total ?? 0), notConsented: Number(row.rows[0]?.notConsented ?? 0) }
  }

  /** The tally's rows summed (PostgreSQL), or the count itself (SQLite keeps no tally). */
  async function tallied() {
    if (testDialect !== 'postgres') return counted()
    const row = await sql<{ total: number; notConsented: number }>`select coalesce(sum(total), 0) as total,
      coalesce(sum(not_consented), 0) as not_consented from lead_tally`.execute(db())
    return { total: Number(row.rows[0]?.total ?? 0), notConsented: Number(row.rows[0]?.notConsented ?? 0) }
  }

  async function expectExact() {
    const truth = await counted()
    expect(await tallied()).toEqual(truth)
    expect(await shownTotal()).toBe(truth.total)
    return truth
  }

  it('follows captures, inserts from many connections at once, consent changes and deletes', async () => {
    const before = await expectExact()
    for (let i = 0; i < 3; i++) {
      const response = await app.postJson(
        '/api/leads',
        leadPayload({ email: `tally${i}@example.com`, answers: eligibleAnswers }),
      )
      expect(response.status).toBe(201)
    }
    // Many sessions at once: each adds to its own row of the tally.
    const inserted = await Promise.all(
      Array.from({ length: 12 }, (_, i) => insertLead(db(), { hasConsent: i % 3 !== 0 })),
    )
    const after = await expectExact()
    expect(after.total).toBe(before.total + 15)
    expect(after.notConsented).toBe(before.notConsented + 4)

    const ids = inserted.map((l) => l.id)
    await db().updateTable('lead').set({ hasConsent: true }).where('id', 'in', ids).execute()
    expect((await expectExact()).notConsented).toBe(before.notConsented)
    await db()
      .updateTable('lead')
      .set({ hasConsent: false })
      .where('id', '=', ids[0] as number)
      .execute()
    expect((await expectExact()).notConsented).toBe(before.notConsented + 1)

    await setSaleStatus(db(), ids, 'routing')
    await setSaleStatus(db(), ids.slice(0, 4), 'sold')
    await expectExact()

    // An erasure deletes rows: the tally follows.
    await db().deleteFrom('lead').where('id', 'in', ids.slice(0, 5)).execute()
    const erased = await expectExact()
    expect(erased.total).toBe(before.total + 10)
  })

  it.runIf(testDialect === 'postgres')('a sale-status update locks no tally row (no hot row)', async () => {
    const { id } = await insertLead(db())
    const trx = await db().startTransaction().execute()
    try {
      await setSaleStatus(trx, id, 'routing')
      await setSaleStatus(trx, id, 'unsold')
      // From another session: a tally row the update wrote would be locked until it commits.
      const locked = await sql`select shard from lead_tally for update nowait`.execute(db()).then(
        () => false,
        (error: unknown) => /could not obtain lock/i.test(String(error)) || Promise.reject(error),
      )
      expect(locked).toBe(false)
    } finally {
      await trx.rollback().execute()
    }
    const shards = await sql<{ n: number }>`select count(*) as n from lead_tally`.execute(db())
    expect(Number(shards.rows[0]?.n)).toBeGreaterThan(1)
  })
})
