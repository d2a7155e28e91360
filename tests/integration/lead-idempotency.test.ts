import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allowRepeatLeads, eligibleAnswers, leadPayload } from '../support/factories.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

// Issue 36: a lead post with an Idempotency-Key is safe to repeat (a retry, nginx trying the other
// instance): the repeat stores nothing and is answered as the first.
describe(`lead posts with an Idempotency-Key (${testDialect})`, () => {
  let app: TestApp
  let other: TestApp
  const db = () => app.database.db
  let n = 0
  const person = () => {
    n += 1
    return leadPayload({
      email: `repeat${n}@example.com`,
      phone: `07700 900${String(n).padStart(3, '0')}`,
      answers: eligibleAnswers,
    })
  }
  const post = (target: TestApp, body: unknown, key?: string) =>
    target.postJson('/api/leads', body, key === undefined ? {} : { headers: { 'Idempotency-Key': key } })
  const leadCount = async () =>
    Number(
      (
        await db()
          .selectFrom('lead')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const submissionCount = async () =>
    Number(
      (
        await db()
          .selectFrom('leadSubmission')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const deliveries = async () =>
    Number(
      (
        await db()
          .selectFrom('webhookDelivery')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  beforeAll(async () => {
    app = await startTestApp()
    // A second instance on the same database, as behind nginx.
    other = await startTestApp({}, { database: app.database })
  })
  afterAll(async () => {
    await other?.close()
    await app?.close()
  })

  it('answers a repeat with the same key as the first, storing one lead', async () => {
    const body = person()
    const key = 'form-fill-0001-aaaa'
    const before = await leadCount()
    const first = await post(app, body, key)
    expect(first.status).toBe(201)
    const answer = (await first.json()) as { reference: string }
    const queued = await deliveries()
    const again = await post(other, body, key)
    expect(again.status).toBe(201)
    expect(await again.json()).toEqual(answer)
    expect(again.headers.get('set-cookie')).toContain(answer.reference)
    expect(await leadCount()).toBe(before + 1)
    const stored = await db()
      .selectFrom('lead')
      .select(['reference', 'idempotencyKey'])
      .where('idempotencyKey', '=', key)
      .execute()
    expect(stored).toEqual([{ reference: answer.reference, idempotencyKey: key }])
    // Nothing more queued for buyers or webhooks.
    expect(await deliveries()).toBe(queued)
  })

  it('takes the key from the body (the no-JavaScript form) as from the header', async () => {
    const body = { ...person(), idempotencyKey: 'hidden-field-key-1' }
    const before = await leadCount()
    const first = (await (await post(app, body)).json()) as { reference: string }
    const again = await post(app, body, 'hidden-field-key-1')
    expect(again.status).toBe(201)
    expect(await again.json()).toEqual(first)
    expect(await leadCount()).toBe(before + 1)
  })

  it('makes one lead when posts with one key race on two instances', async () => {
    const body = person()
    const key = 'racing-posts-key-0001'
    const before = await leadCount()
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post(i % 2 === 0 ? app : other, body, key)),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201))
    const references = new Set(
      await Promise.all(answers.map(async (a) => ((await a.json()) as { reference: string }).reference)),
    )
    expect(references.size).toBe(1)
    expect(await leadCount()).toBe(before + 1)
  })

  it('a different key is a different post: a second lead when repeats are allowed', async () => {
    await allowRepeatLeads(app)
    await other.services.site.changed()
    const body = person()
    const before = await leadCount()
    const one = (await (await post(app, body, 'first-key-abcdef')).json()) as { reference: string }
    const two = (await (await post(app, body, 'second-key-abcdef')).json()) as { reference: string }
    expect(one.reference).not.toBe(two.reference)
    expect(await leadCount()).toBe(before + 2)
  })

  it('answers a repeat of a post kept as a submission with that submission', async () => {
    await db().deleteFrom('siteSetting').where('key', '=', 'duplicate_window_days').execute()
    await app.services.site.changed()
    await other.services.site.changed()
    const body = person()
    await post(app, body, 'earlier-post-key-1')
    const submissions = await submissionCount()
    const first = (await (await post(app, body, 'later-post-key-01')).json()) as { reference: string }
    expect(await submissionCount()).toBe(submissions + 1)
    const again = await post(app, body, 'later-post-key-01')
    expect(await again.json()).toEqual(first)
    expect(await submissionCount()).toBe(submissions + 1)
  })

  it.each([
    ['too long', 'k'.repeat(101)],
    ['too short', 'short'],
    ['with spaces', 'not a valid key here'],
  ])('refuses a key %s with 400, storing nothing', async (_label, key) => {
    const before = await leadCount()
    const response = await post(app, person(), key)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: expect.stringContaining('Idempotency-Key') })
    const inBody = await post(app, { ...person(), idempotencyKey: key })
    expect(inBody.status).toBe(400)
    expect(await leadCount()).toBe(before)
  })

  it('refuses a header and a body key that differ', async () => {
    const response = await post(app, { ...person(), idempotencyKey: 'body-key-0000001' }, 'header-key-000001')
    expect(response.status).toBe(400)
  })

  it('documents the header', async () => {
    const document = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, { post?: { parameters?: { name: string; in: string }[] } }>
    }
    expect(document.paths['/api/leads']?.post?.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
    )
  })
})
