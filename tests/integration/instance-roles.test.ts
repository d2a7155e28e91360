import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seed } from '../../server/compose/index.ts'
import { createAdmin } from '../../server/identity/index.ts'
import type { Database } from '../../server/platform/index.ts'
import { migrateToLatest } from '../../server/platform/index.ts'
import { leadIdOf, leadPayload } from '../support/factories.ts'
import { type ServerProcess, startServerProcess } from '../support/server-process.ts'
import { createTestDatabase, testDialect } from '../support/test-app.ts'
import { type Receiver, startReceiver, uniqueContact, waitUntil } from '../support/webhook-receiver.ts'

const ADMIN = { email: 'roles-admin@example.test', password: 'roles-password-123' }
const SECRET = 'roles-secret-0123456789'
const common = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: '3', WEBHOOK_LEASE_SECONDS: '4' }

/** INSTANCE_ROLE (docs/decisions/0086-offers-under-a-spike.md): web instances serve, workers deliver. */
describe(`web-only and worker-only instances on ${testDialect}`, () => {
  let database: Database & { url: string }
  let receiver: Receiver
  const servers: ServerProcess[] = []
  const start = async (env: Record<string, string>) => {
    const server = await startServerProcess(database.url, { ...common, ...env })
    servers.push(server)
    return server
  }
  const delivery = async (leadId: number) =>
    database.db.selectFrom('webhookDelivery').selectAll().where('leadId', '=', leadId).executeTakeFirst()

  async function postLead(server: ServerProcess): Promise<number> {
    const response = await fetch(`${server.baseUrl}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(leadPayload(uniqueContact('roles'))),
    })
    expect(response.status).toBe(201)
    return leadIdOf(database.db, ((await response.json()) as { reference: string }).reference)
  }

  beforeAll(async () => {
    database = await createTestDatabase()
    await migrateToLatest(database.db.withoutPlugins(), database.dialect)
    await seed(database.db)
    await createAdmin(database.db, { ...ADMIN, role: 'admin', permissions: null })
    receiver = await startReceiver(() => 200)
    await database.db
      .insertInto('webhook')
      .values({ name: 'Buyer', url: receiver.url, secret: SECRET, isActive: true })
      .execute()
  })
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.kill()
  })
  afterAll(async () => {
    await receiver?.close()
    await database?.destroy()
  })

  it('a web-only instance takes leads and leaves them to a worker, which serves no pages', async () => {
    const web = await start({ INSTANCE_ROLE: 'web', WEBHOOK_POLL_SECONDS: '0.1' })
    const leadId = await postLead(web)
    // Long enough for a poll or two of a worker, had the web instance one.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(await delivery(leadId)).toMatchObject({ status: 'pending', attempts: 0 })
    expect(receiver.receipts).toEqual([])

    const worker = await start({ INSTANCE_ROLE: 'worker', WEBHOOK_POLL_SECONDS: '0.1' })
    await waitUntil(async () => (await delivery(leadId))?.status === 'delivered', {
      what: 'the worker to deliver the lead',
    })
    expect(receiver.receipts.map((r) => r.json.lead.id)).toEqual([leadId])

    expect((await fetch(`${worker.baseUrl}/healthz`)).status).toBe(200)
    const page = await fetch(`${worker.baseUrl}/`)
    expect(page.status).toBe(404)
    expect(await page.text()).toContain('serves no pages')
    expect((await fetch(`${web.baseUrl}/`)).status).toBe(200)
  }, 60_000)

  it.runIf(testDialect === 'postgres')(
    'a lead taken by a web-only instance wakes a worker at once, not at its next poll',
    async () => {
      receiver.receipts.length = 0
      // A worker that would not look for an hour on its own.
      await start({ INSTANCE_ROLE: 'worker', WEBHOOK_POLL_SECONDS: '3600' })
      const web = await start({ INSTANCE_ROLE: 'web' })
      const leadId = await postLead(web)
      await waitUntil(async () => (await delivery(leadId))?.status === 'delivered', {
        what: 'the notified worker to deliver the lead',
      })
      expect(receiver.receipts.map((r) => r.json.lead.id)).toEqual([leadId])
    },
    60_000,
  )
})
