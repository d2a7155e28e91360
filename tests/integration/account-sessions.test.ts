import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountSession } from '../../core/schemas/account-sessions.ts'
import { ACCOUNT_NOTICES_JOB, createAdmin, sendAccountNotices } from '../../server/identity/index.ts'
import { json } from '../../server/platform/index.ts'
import {
  type AdminClient,
  apiClient,
  createSignedInAdmin,
  DEFAULT_PASSWORD,
  sessionCookie,
  uniqueEmail,
} from '../support/admin-client.ts'
import { insertBuyer } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1'

type Mail = { to: string; subject: string; text: string }
type List = { sessions: AccountSession[] }

describe(`sessions a user can see and end, and account notices, on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let outbox: string
  const seenMails = new Set<string>()

  /** Mails written since the last call, once the work queued after answering is done. */
  async function newMails(): Promise<Mail[]> {
    await app.services.background.idle()
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : []
    const fresh = files.filter((f) => !seenMails.has(f))
    for (const f of fresh) seenMails.add(f)
    return fresh.map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as Mail)
  }

  async function signInAs(email: string, userAgent: string): Promise<string> {
    const response = await app.postJson(
      '/api/login',
      { email, password: DEFAULT_PASSWORD },
      { headers: { 'user-agent': userAgent } },
    )
    expect(response.status).toBe(200)
    const cookie = sessionCookie(response)
    if (!cookie) throw new Error('no session cookie')
    return cookie
  }

  async function newUser(role: 'admin' | 'editor' | 'buyer' = 'editor', permissions: string[] | null = null) {
    const email = uniqueEmail(role)
    const buyerId = role === 'buyer' ? (await insertBuyer(app.database.db)).id : null
    const row = await createAdmin(app.database.db, {
      email,
      password: DEFAULT_PASSWORD,
      role,
      permissions,
      buyerId,
    })
    return { id: row.id, email }
  }

  /**
   * An audit row as the second-factor and admin-reset code records it (by name: those actions are
   * not this part's to declare).
   */
  async function auditRow(
    action: string,
    actor: { id: number; email: string },
    extra: { entityId?: number; detail?: Record<string, unknown> } = {},
  ) {
    await app.database.db
      .insertInto('auditLog')
      .values({
        actorId: actor.id,
        actorEmail: actor.email,
        action,
        entity: extra.entityId === undefined ? null : 'admin_user',
        entityId: extra.entityId === undefined ? null : String(extra.entityId),
        detail: extra.detail ? json(extra.detail) : null,
      })
      .execute()
  }

  const signedIn = async (cookie: string) => (await apiClient(app, cookie).get('/api/auth/user')).status

  beforeAll(async () => {
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-outbox-'))
    app = await startTestApp({ mailOutbox: outbox })
    admin = await createSignedInAdmin(app, { role: 'admin' })
    await newMails()
  })
  afterAll(async () => {
    await app?.close()
    if (outbox) fs.rmSync(outbox, { recursive: true, force: true })
  })

  describe('your own sessions', () => {
    it('lists two sign-ins from two browsers with their devices, and marks the current one', async () => {
      const user = await newUser()
      const linux = apiClient(app, await signInAs(user.email, FIREFOX_LINUX))
      await signInAs(user.email, SAFARI_IPHONE)

      const response = await linux.get('/api/account/sessions')
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const { sessions } = (await response.json()) as List
      expect(sessions).toHaveLength(2)
      const [current, other] = sessions
      expect(current).toMatchObject({ device: 'Linux', browser: 'Firefox 133', current: true })
      expect(other).toMatchObject({ device: 'iPhone', browser: 'Safari 17', current: false })
      for (const s of sessions) {
        expect(s.id).toMatch(/^[0-9a-f-]{36}$/)
        expect(s.place).toBe('127.0.0.0/24')
        expect(s.method).toBe('password')
        expect(Date.parse(s.startedAt)).not.toBeNaN()
        expect(Date.parse(s.lastSeenAt)).not.toBeNaN()
      }
      // The public id is neither the cookie's token nor the key the database holds.
      const token = linux.cookie.split('=')[1] ?? ''
      const stored = await app.database.db
        .selectFrom('session')
        .select('sid')
        .where('adminId', '=', user.id)
        .execute()
      const body = JSON.stringify(sessions)
      expect(body).not.toContain(token)
      for (const { sid } of stored) expect(body).not.toContain(sid)
    })

    it('ends another session: its cookie stops working, this one goes on', async () => {
      const user = await newUser()
      const here = apiClient(app, await signInAs(user.email, FIREFOX_LINUX))
      const thereCookie = await signInAs(user.email, SAFARI_IPHONE)
      const { sessions } = (await (await here.get('/api/account/sessions')).json()) as List
      const other = sessions.find((s) => !s.current)
      expect(other).toBeDefined()

      const response = await here.del(`/api/account/sessions/${other?.id}`)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ ended: 1, signedOut: false })
      expect(await signedIn(thereCookie)).toBe(401)
      expect(await signedIn(here.cookie)).toBe(200)
      expect((await here.del(`/api/account/sessions/${other?.id}`)).status).toBe(404)

      const entry = await app.database.db
        .selectFrom('auditLog')
        .selectAll()
        .where('action', '=', 'auth.session_ended')
        .where('entityId', '=', String(user.id))
        .executeTakeFirstOrThrow()
      expect(entry).toMatchObject({ actorId: user.id, entity: 'admin_user' })
      expect(entry.detail).toMatchObject({ session: other?.id, by: 'self' })
    })

    it('ends the current session: signed out, the cookie cleared', async () => {
      const user = await newUser()
      const here = apiClient(app, await signInAs(user.email, FIREFOX_LINUX))
      const { sessions } = (await (await here.get('/api/account/sessions')).json()) as List
      const response = await here.del(`/api/account/sessions/${sessions[0]?.id}`)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ ended: 1, signedOut: true })
      expect(sessionCookie(response)).toBe('sid=')
      expect(await signedIn(here.cookie)).toBe(401)
    })

    it('signs out everywhere else', async () => {
      const user = await newUser()
      const here = apiClient(app, await signInAs(user.email, FIREFOX_LINUX))
      const others = [await signInAs(user.email, SAFARI_IPHONE), await signInAs(user.email, SAFARI_IPHONE)]
      const response = await here.del('/api/account/sessions')
      expect(await response.json()).toEqual({ ended: 2, signedOut: false })
      for (const cookie of others) expect(await signedIn(cookie)).toBe(401)
      const { sessions } = (await (await here.get('/api/account/sessions')).json()) as List
      expect(sessions.map((s) => s.current)).toEqual([true])
    })

    it("cannot end someone else's session, nor see it", async () => {
      const ann = await newUser()
      const bob = await newUser()
      const annClient = apiClient(app, await signInAs(ann.email, FIREFOX_LINUX))
      const bobCookie = await signInAs(bob.email, SAFARI_IPHONE)
      const bobs = (await (await apiClient(app, bobCookie).get('/api/account/sessions')).json()) as List
      const annList = (await (await annClient.get('/api/account/sessions')).json()) as List
      expect(annList.sessions.map((s) => s.id)).not.toContain(bobs.sessions[0]?.id)
      expect((await annClient.del(`/api/account/sessions/${bobs.sessions[0]?.id}`)).status).toBe(404)
      expect((await annClient.del('/api/account/sessions/not-a-uuid')).status).toBe(404)
      expect(await signedIn(bobCookie)).toBe(200)
    })

    it('lets a buyer account list and end its own sessions', async () => {
      const buyer = await newUser('buyer')
      const here = apiClient(app, await signInAs(buyer.email, FIREFOX_LINUX))
      const other = await signInAs(buyer.email, SAFARI_IPHONE)
      const list = await here.get('/api/account/sessions')
      expect(list.status).toBe(200)
      expect(((await list.json()) as List).sessions).toHaveLength(2)
      expect((await here.del('/api/account/sessions')).status).toBe(200)
      expect(await signedIn(other)).toBe(401)
    })

    it('asks for a session when signed out', async () => {
      const response = await app.request('/api/account/sessions')
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({ message: 'Please sign in to continue' })
    })

    it('moves "last seen" with the sliding expiry, not on every request', async () => {
      const user = await newUser()
      const here = apiClient(app, await signInAs(user.email, FIREFOX_LINUX))
      const db = app.database.db
      const before = await db
        .selectFrom('session')
        .selectAll()
        .where('adminId', '=', user.id)
        .executeTakeFirstOrThrow()
      await here.get('/api/account/sessions')
      const unchanged = await db
        .selectFrom('session')
        .selectAll()
        .where('sid', '=', before.sid)
        .executeTakeFirstOrThrow()
      expect(unchanged.lastSeenAt?.getTime()).toBe(before.lastSeenAt?.getTime())

      // As if the last refresh were an hour ago: the next request extends the expiry and "last seen".
      const hourAgo = new Date(Date.now() - 3_600_000)
      await db
        .updateTable('session')
        .set({ lastSeenAt: hourAgo, expire: new Date(before.expire.getTime() - 3_600_000) })
        .where('sid', '=', before.sid)
        .execute()
      await here.get('/api/account/sessions')
      const after = await db
        .selectFrom('session')
        .selectAll()
        .where('sid', '=', before.sid)
        .executeTakeFirstOrThrow()
      expect(after.lastSeenAt?.getTime()).toBeGreaterThan(hourAgo.getTime() + 3_000_000)
    })
  })

  describe("an admin and another user's sessions", () => {
    it("lists and ends another user's sessions", async () => {
      const user = await newUser()
      const first = await signInAs(user.email, FIREFOX_LINUX)
      const second = await signInAs(user.email, SAFARI_IPHONE)

      const list = await admin.get(`/api/admin/users/${user.id}/sessions`)
      expect(list.status).toBe(200)
      const { sessions } = (await list.json()) as List
      expect(sessions.map((s) => s.device).sort()).toEqual(['Linux', 'iPhone'])
      expect(sessions.every((s) => !s.current)).toBe(true)

      const iphone = sessions.find((s) => s.device === 'iPhone')
      const ended = await admin.del(`/api/admin/users/${user.id}/sessions/${iphone?.id}`)
      expect(await ended.json()).toEqual({ ended: 1, signedOut: false })
      expect(await signedIn(second)).toBe(401)
      expect(await signedIn(first)).toBe(200)
      expect(await signedIn(admin.cookie)).toBe(200)
      const entry = await app.database.db
        .selectFrom('auditLog')
        .selectAll()
        .where('action', '=', 'auth.session_ended')
        .where('entityId', '=', String(user.id))
        .executeTakeFirstOrThrow()
      expect(entry).toMatchObject({ actorId: admin.id, entity: 'admin_user' })
      expect(entry.detail).toMatchObject({ by: 'admin' })

      const all = await admin.del(`/api/admin/users/${user.id}/sessions`)
      expect(await all.json()).toEqual({ ended: 1, signedOut: false })
      expect(await signedIn(first)).toBe(401)
      // The id of a session of someone else is not found under this user.
      const own = (await (await admin.get(`/api/admin/users/${admin.id}/sessions`)).json()) as List
      expect(own.sessions.some((s) => s.current)).toBe(true)
      expect((await admin.del(`/api/admin/users/${user.id}/sessions/${own.sessions[0]?.id}`)).status).toBe(
        404,
      )
      expect((await admin.get('/api/admin/users/999999/sessions')).status).toBe(404)
    })

    it("refuses an editor without the users permission another user's sessions (403)", async () => {
      const editor = await createSignedInAdmin(app, { role: 'editor' })
      const user = await newUser()
      const response = await editor.get(`/api/admin/users/${user.id}/sessions`)
      expect(response.status).toBe(403)
      expect((await editor.del(`/api/admin/users/${user.id}/sessions`)).status).toBe(403)
    })

    it("lets a non-admin holding users end an editor's sessions but not an admin's", async () => {
      const manager = await createSignedInAdmin(app, { role: 'editor', permissions: ['users'] })
      const editor = await newUser()
      const editorCookie = await signInAs(editor.email, FIREFOX_LINUX)
      expect((await manager.get(`/api/admin/users/${admin.id}/sessions`)).status).toBe(200)
      const refused = await manager.del(`/api/admin/users/${admin.id}/sessions`)
      expect(refused.status).toBe(403)
      expect(await signedIn(admin.cookie)).toBe(200)
      expect((await manager.del(`/api/admin/users/${editor.id}/sessions`)).status).toBe(200)
      expect(await signedIn(editorCookie)).toBe(401)
    })
  })

  describe('account notices by mail', () => {
    it('mails a sign-in from a new device once, with device, browser and network but no whole address', async () => {
      const user = await newUser()
      await newMails()
      // The account's first sign-in has nothing to be told apart from: no mail.
      await signInAs(user.email, FIREFOX_LINUX)
      expect((await newMails()).filter((m) => m.to === user.email)).toEqual([])
      await signInAs(user.email, SAFARI_IPHONE)
      const mails = (await newMails()).filter((m) => m.to === user.email)
      expect(mails).toHaveLength(1)
      expect(mails[0]?.subject).toBe('New sign-in to your account')
      expect(mails[0]?.text).toContain('Device: iPhone, Safari 17')
      expect(mails[0]?.text).toContain('127.0.0.0/24')
      expect(mails[0]?.text).not.toContain('127.0.0.1')
      expect(mails[0]?.text).toContain('Signed in with: password')

      expect(await sendAccountNotices(app.services)).toBe(0)
      expect(await newMails()).toEqual([])
      // The same device again: nothing new to tell.
      await signInAs(user.email, SAFARI_IPHONE)
      expect((await newMails()).filter((m) => m.to === user.email)).toEqual([])
    })

    it('mails factor changes to the actor, and an admin reset to the user reset', async () => {
      const user = await newUser()
      await newMails()
      await auditRow('auth.passkey_added', user, { detail: { name: 'Work laptop' } })
      await auditRow('auth.sign_in_failed', user)
      await auditRow('auth.factors_reset', admin, { entityId: user.id })
      // Through the scheduler, so a periodic run already in flight finishes first (its mails count too).
      await app.services.jobs.run(ACCOUNT_NOTICES_JOB)
      // A periodic run may have sent the first while this one sent the second: compare as a set.
      const mails = await newMails()
      expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
        [user.email, 'A passkey was added to your account'],
        [user.email, 'Your second factors were reset by an admin'],
      ])
      expect(mails.find((m) => m.subject.startsWith('A passkey'))?.text).toContain('"Work laptop"')
    })

    it('sends once when two runs go at the same time', async () => {
      const user = await newUser()
      await newMails()
      await auditRow('auth.totp_enabled', user)
      await auditRow('auth.recovery_codes_generated', user)
      const counts = await Promise.all([
        sendAccountNotices(app.services),
        sendAccountNotices(app.services),
        sendAccountNotices(app.services),
      ])
      expect(counts.reduce((a, b) => a + b, 0)).toBe(2)
      const mails = await newMails()
      expect(mails.map((m) => m.subject).sort()).toEqual([
        'An authenticator app was added to your account',
        'New recovery codes were made for your account',
      ])
    })

    it('keeps its place across a restart: a second app on the same database sends nothing again', async () => {
      const user = await newUser()
      await auditRow('auth.totp_disabled', user)
      expect(await sendAccountNotices(app.services)).toBe(1)
      await newMails()
      const second = await startTestApp({ mailOutbox: outbox }, { database: app.database })
      try {
        expect(await sendAccountNotices(second.services)).toBe(0)
      } finally {
        await second.close()
      }
      expect(await newMails()).toEqual([])
    })
  })
})
