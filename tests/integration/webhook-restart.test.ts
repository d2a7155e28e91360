import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seed } from '../../server/compose/index.ts'
import { createAdmin } from '../../server/identity/index.ts'
import type { Database } from '../../server/platform/index.ts'
import { migrateToLatest } from '../../server/platform/index.ts'
import { leadIdOf, leadPayload } from '../support/factories.ts'
import { type ServerProcess, startServerProcess } from '../support/server-process.ts'
import { createTestDatabase, testDialect } from '../support/test-app.ts'
import {
  type Receiver,
  startReceiver,
  uniqueContact,
  verifySignature,
  waitUntil,
} from '../support/webhook-receiver.ts'

const ADMIN = { email: 'restart-admin@example.test', password: 'restart-password-123' }
const SECRET = 'restart-secret-0123456789'

/**
 * One post in flight at a time, a 3 s timeout and a 4 s lease: a killed server's claimed row is
 * free again 4 s after its claim.
 */
const serverEnv = {
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_RETRY_DELAYS: '0.2,0.2',
  WEBHOOK_TIMEOUT_SECONDS: '3',
  WEBHOOK_LEASE_SECONDS: '4',
  WEBHOOK_POLL_SECONDS: '0.1',
  WEBHOOK_CONCURRENCY: '1',
}

async function signIn(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  expect(response.status).toBe(200)
  return (response.headers.getSetCookie()[0] ?? '').split(';')[0] as string
}

async function registerWebhook(server: ServerProcess, url: string) {
  const response = await fetch(`${server.baseUrl}/api/admin/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: await signIn(server) },
    body: JSON.stringify({ name: 'Buyer', url, secret: SECRET }),
  })
  expect(response.status, await response.clone().text()).toBe(201)
}

async function postLead(server: ServerProcess, database: Database): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(leadPayload(uniqueContact('restart'))),
  })
  expect(response.status).toBe(201)
  return leadIdOf(database.db, ((await response.json()) as { reference: string }).reference)
}

describe(`a server killed mid-delivery on ${testDialect}`, () => {
  let database: Database & { url: string }
  let receiver: Receiver
  const servers: ServerProcess[] = []
  const start = async () => {
    const server = await startServerProcess(database.url, serverEnv)
    servers.push(server)
    return server
  }

  const delivery = (leadId: number) =>
    database.db
      .selectFrom('webhookDelivery')
      .selectAll()
      .where('leadId', '=', leadId)
      .executeTakeFirstOrThrow()
  const recordedAttempts = (deliveryId: number) =>
    database.db.selectFrom('webhookAttempt').selectAll().where('deliveryId', '=', deliveryId).execute()

  beforeAll(async () => {
    database = await createTestDatabase()
    await migrateToLatest(database.db.withoutPlugins(), database.dialect)
    await seed(database.db)
    await createAdmin(database.db, { ...ADMIN, role: 'admin', permissions: null })
  })
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.kill()
    await receiver?.close()
    await database.db.deleteFrom('webhook').execute()
  })
  afterAll(async () => {
    await database?.destroy()
  })

  it('after a restart, posts a lead killed mid-post again with its key, and one committed but never posted', async () => {
    receiver = await startReceiver(() => 'hang')
    const first = await start()
    await registerWebhook(first, receiver.url)

    // In flight: the buyer has the post and has not answered.
    const posted = await postLead(first, database)
    await waitUntil(() => receiver.receipts.length === 1, { what: 'the first post' })
    // Committed with its outbox row, not posted: the only delivery slot is taken.
    const committed = await postLead(first, database)
    await first.kill()

    const inFlight = await delivery(posted)
    expect(inFlight).toMatchObject({ status: 'pending', attempts: 1 })
    expect(inFlight.lockedUntil).not.toBeNull()
    expect(await recordedAttempts(inFlight.id)).toEqual([])
    expect(await delivery(committed)).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null })
    expect(receiver.receipts.map((r) => r.json.lead.id)).toEqual([posted])

    receiver.answer(() => 200)
    const second = await start()
    await waitUntil(
      async () =>
        (await delivery(posted)).status === 'delivered' && (await delivery(committed)).status === 'delivered',
      { what: 'both leads to be delivered after the restart', timeoutMs: 40_000 },
    )

    const keys = { posted: inFlight.idempotencyKey, committed: (await delivery(committed)).idempotencyKey }
    expect(keys.posted).not.toBe(keys.committed)
    // The killed post went again with the same key; the other went once.
    expect(receiver.receipts.map((r) => r.key).sort()).toEqual(
      [keys.posted, keys.posted, keys.committed].sort(),
    )
    expect(Object.fromEntries(receiver.acceptedPerKey())).toEqual({ [keys.posted]: 1, [keys.committed]: 1 })
    for (const r of receiver.receipts) expect(verifySignature(SECRET, r.signature, r.body)).toBe(true)
    expect(await delivery(posted)).toMatchObject({ attempts: 2, lastStatus: 200, lockedUntil: null })
    expect(await delivery(committed)).toMatchObject({ attempts: 1, lastStatus: 200 })
    // Only what a living process saw is recorded: the killed attempt left no answer to record.
    expect((await recordedAttempts(inFlight.id)).map((a) => a.statusCode)).toEqual([200])

    expect(await second.stop()).toBe(0)
  }, 90_000)

  it('posts again with the same key when the server died after the buyer answered, before recording it', async () => {
    let server: ServerProcess | undefined
    receiver = await startReceiver(() => {
      // Frozen before it can read the answer, then killed: the 200 is never recorded.
      server?.child.kill('SIGSTOP')
      return 200
    })
    server = await start()
    await registerWebhook(server, receiver.url)
    const id = await postLead(server, database)
    await waitUntil(() => receiver.receipts.length === 1, { what: 'the post' })
    await server.kill()
    const before = await delivery(id)
    expect(before).toMatchObject({ status: 'pending', attempts: 1 })
    expect(await recordedAttempts(before.id)).toEqual([])

    receiver.answer(() => 200)
    const restarted = await start()
    await waitUntil(async () => (await delivery(id)).status === 'delivered', {
      what: 'the delivery after the restart',
      timeoutMs: 40_000,
    })
    expect(receiver.receipts.map((r) => r.key)).toEqual([before.idempotencyKey, before.idempotencyKey])
    expect(receiver.receipts[0]?.json).toEqual(receiver.receipts[1]?.json)
    expect(await restarted.stop()).toBe(0)
  }, 90_000)
})
