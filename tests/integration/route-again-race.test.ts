import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { leadPayload } from '../support/factories.ts'
import { ok } from '../support/http.ts'
import { insertBuyer, insertContract } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'
import { uniqueContact } from '../support/webhook-receiver.ts'

describe(`"Route again" pressed many times at once, on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  const db = () => app.database.db

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
  })

  /** A named buyer whose endpoint is paused: its offer waits, pending, for as long as the test runs. */
  async function pausedFirm(name: string, priority: number) {
    const buyer = await insertBuyer(db(), { name, namedInConsent: true })
    const contract = await insertContract(db(), buyer.id, { name: `${name} contract`, priority })
    await db().updateTable('webhook').set({ isActive: false }).where('id', '=', contract.webhookId).execute()
    return contract
  }

  it('makes one routing round; the other calls answer 409', async () => {
    const first = await pausedFirm('Race first', 1)
    await pausedFirm('Race second', 2)
    await app.services.site.changed()
    const response = await app.postJson('/api/leads', leadPayload(uniqueContact('race')))
    const { reference } = (await ok(response, 201)) as { reference: string }
    const lead = await db()
      .selectFrom('lead')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow()
    // The first offer goes with its contract: the lead may be routed again, to the second.
    await ok(await admin.del(`/api/admin/contracts/${first.id}`))

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => admin.post(`/api/admin/leads/${lead.id}/route`, {})),
    )
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409])
    for (const answer of answers) {
      const body = (await answer.json()) as { message?: string; offers?: number; round?: number }
      if (answer.status === 200) expect(body).toMatchObject({ offers: 1, round: 2 })
      else expect(Object.keys(body)).toEqual(['message'])
    }
    const rounds = await db()
      .selectFrom('leadRouting')
      .select('round')
      .where('leadId', '=', lead.id)
      .orderBy('round')
      .execute()
    expect(rounds.map((r) => r.round)).toEqual([1, 2])
  })
})
