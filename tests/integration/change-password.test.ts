import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CURRENT_PASSWORD_WRONG,
  PASSWORD_CHANGED,
  PASSWORD_COMMON,
  PASSWORD_SHORT,
  PASSWORD_UNCHANGED,
} from '../../core/schemas/auth.ts'
import { createAdmin } from '../../server/identity/index.ts'
import { json } from '../../server/platform/index.ts'
import {
  apiClient,
  createSignedInAdmin,
  DEFAULT_PASSWORD,
  signIn,
  uniqueEmail,
} from '../support/admin-client.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const NEW_PASSWORD = 'quartz lantern orchard 42'

describe(`changing one's own password on ${testDialect}`, () => {
  let app: TestApp

  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  const passwordHash = async (id: number) =>
    (
      await app.database.db
        .selectFrom('adminUser')
        .select('passwordHash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).passwordHash

  const sessionCount = async (id: number) =>
    (await app.database.db.selectFrom('session').select('sid').where('adminId', '=', id).execute()).length

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const user = await createSignedInAdmin(app, { role: 'editor' })
    const other = await signIn(app, user.email, DEFAULT_PASSWORD)
    const before = await passwordHash(user.id)

    const response = await user.post('/api/admin/account/password', {
      currentPassword: 'not the password at all',
      newPassword: NEW_PASSWORD,
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: CURRENT_PASSWORD_WRONG })
    expect(await passwordHash(user.id)).toBe(before)
    expect(await sessionCount(user.id)).toBe(2)
    expect((await apiClient(app, other).get('/api/auth/user')).status).toBe(200)
    const audited = await app.database.db
      .selectFrom('auditLog')
      .select('id')
      .where('actorId', '=', user.id)
      .where('action', '=', 'auth.password_changed')
      .execute()
    expect(audited).toEqual([])
  })

  it.each([
    ['short', 'too short', PASSWORD_SHORT],
    ['common', 'Password1234', PASSWORD_COMMON],
    ['the current one', DEFAULT_PASSWORD, PASSWORD_UNCHANGED],
  ])('refuses a new password that is %s', async (_what, newPassword, message) => {
    const user = await createSignedInAdmin(app, { role: 'editor' })
    const before = await passwordHash(user.id)
    const response = await user.post('/api/admin/account/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword,
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message })
    expect(await passwordHash(user.id)).toBe(before)
  })

  it('changes it, signs out every other session, keeps this one fresh and audits it', async () => {
    const user = await createSignedInAdmin(app, { role: 'editor' })
    const elsewhere = apiClient(app, await signIn(app, user.email, DEFAULT_PASSWORD))
    const thirdPlace = apiClient(app, await signIn(app, user.email, DEFAULT_PASSWORD))
    expect(await sessionCount(user.id)).toBe(3)
    // This session's sign-in is old: the current password is the proof, no re-authentication.
    const [mine] = await app.database.db
      .selectFrom('session')
      .select(['sid', 'sess'])
      .where('adminId', '=', user.id)
      .orderBy('createdAt')
      .execute()
    const then = new Date(Date.now() - 60 * 60_000).toISOString()
    await app.database.db
      .updateTable('session')
      .set({ sess: json({ ...(mine?.sess as Record<string, unknown>), createdAt: then, verifiedAt: then }) })
      .where('sid', '=', mine?.sid as string)
      .execute()

    const response = await user.post('/api/admin/account/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: NEW_PASSWORD,
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ message: PASSWORD_CHANGED, endedSessions: 2 })

    expect((await elsewhere.get('/api/auth/user')).status).toBe(401)
    expect((await thirdPlace.get('/api/auth/user')).status).toBe(401)
    expect((await user.get('/api/auth/user')).status).toBe(200)
    expect(await sessionCount(user.id)).toBe(1)
    // Counted as a fresh sign-in: a factor change goes through without asking again.
    expect((await user.post('/api/admin/account/recovery-codes', {})).status).toBe(201)

    const old = await app.postJson('/api/login', { email: user.email, password: DEFAULT_PASSWORD })
    expect(old.status).toBe(401)
    await signIn(app, user.email, NEW_PASSWORD)

    const audited = await app.database.db
      .selectFrom('auditLog')
      .select(['action', 'detail'])
      .where('actorId', '=', user.id)
      .where('action', '=', 'auth.password_changed')
      .execute()
    expect(audited).toHaveLength(1)
    expect(JSON.stringify(audited[0]?.detail)).not.toContain(NEW_PASSWORD)
  })

  it('is also at /api/account/password, and refuses anyone signed out', async () => {
    const anonymous = await app.postJson('/api/account/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: NEW_PASSWORD,
    })
    expect(anonymous.status).toBe(401)

    const email = uniqueEmail('staff')
    await createAdmin(app.database.db, { email, password: DEFAULT_PASSWORD, role: 'editor' })
    const client = apiClient(app, await signIn(app, email, DEFAULT_PASSWORD))
    const response = await client.post('/api/account/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: NEW_PASSWORD,
    })
    expect(response.status).toBe(200)
    await signIn(app, email, NEW_PASSWORD)
  })

  it('refuses a body without the current password', async () => {
    const user = await createSignedInAdmin(app, { role: 'editor' })
    const response = await user.post('/api/admin/account/password', { newPassword: NEW_PASSWORD })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { message: string }).message).toBe('Enter your current password')
  })
})
