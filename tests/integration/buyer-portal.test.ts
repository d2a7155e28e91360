import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuyerLeadDetail } from '../../core/schemas/buyer-access.ts'
import {
  type AdminClient,
  apiClient,
  createSignedInAdmin,
  DEFAULT_PASSWORD,
  signIn,
  uniqueEmail,
} from '../support/admin-client.ts'
import { buyerWithLeads, keyClient, newKey } from '../support/buyer-access.ts'
import { insertLead } from '../support/factories.ts'
import { expectError, ok } from '../support/http.ts'
import { insertSale } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

type Mail = { to: string; subject: string; text: string }

const INVALID = { message: 'Invalid email or password' }
const RESET_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.'
const NEW_PASSWORD = 'a fresh buyer passphrase 2026'

describe(`buyer portal: invitations and one lead on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let outbox: string
  const seen = new Set<string>()

  beforeAll(async () => {
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-invites-'))
    app = await startTestApp({ mailOutbox: outbox })
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
    if (outbox) fs.rmSync(outbox, { recursive: true, force: true })
  })

  const db = () => app.database.db

  /** Mails written since the last call, to `to`. */
  async function mailsTo(to: string): Promise<Mail[]> {
    await app.services.background.idle()
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : []
    const fresh = files.filter((f) => !seen.has(f))
    for (const f of fresh) seen.add(f)
    return fresh
      .map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as Mail)
      .filter((m) => m.to === to)
  }

  async function inviteToken(to: string): Promise<{ token: string; mail: Mail }> {
    const mails = await mailsTo(to)
    expect(mails).toHaveLength(1)
    const mail = mails[0] as Mail
    const match = /\/reset-password\?token=(\S+)/.exec(mail.text)
    expect(match).not.toBeNull()
    return { token: decodeURIComponent(match?.[1] ?? ''), mail }
  }

  const setPassword = (token: string, newPassword = NEW_PASSWORD) =>
    app.postJson('/api/auth/reset-password', { token, newPassword })

  const auditOf = (action: string, entityId: number) =>
    db()
      .selectFrom('auditLog')
      .select(['actorEmail', 'detail'])
      .where('action', '=', action)
      .where('entityId', '=', String(entityId))
      .execute()

  describe('invitations', () => {
    it('invites a buyer account by email: no password until the link sets one, once, audited', async () => {
      const { buyer } = await buyerWithLeads(db(), [1])
      const email = uniqueEmail('invited-buyer')
      const account = (await ok(
        await admin.post(`/api/admin/buyers/${buyer.id}/accounts`, { email, firstName: 'Bea' }),
        201,
      )) as unknown as { id: number; invited: boolean }
      expect(account).toMatchObject({ email, invited: true })

      const { token, mail } = await inviteToken(email)
      expect(mail.subject).toMatch(/buyer portal/)
      expect(mail.text).toContain('Hello Bea')
      expect(mail.text).toContain('within 7 days')
      expect(mail.text).toContain(`${app.services.config.linkOrigin}/reset-password?token=`)
      // Only the token's digest is kept, and no audit row holds the token.
      const row = await db()
        .selectFrom('adminUser')
        .select(['passwordResetToken', 'passwordResetExpires', 'passwordHash'])
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow()
      expect(row.passwordResetToken).toMatch(/^[0-9a-f]{64}$/)
      expect(row.passwordResetToken).not.toBe(token)
      const days = (new Date(row.passwordResetExpires as Date).getTime() - Date.now()) / 86_400_000
      expect(days).toBeGreaterThan(6.9)
      expect(days).toBeLessThanOrEqual(7)

      // Nothing signs in before the link is used: not even the stored marker.
      for (const password of [DEFAULT_PASSWORD, row.passwordHash, '!invited']) {
        const login = await app.postJson('/api/login', { email, password })
        expect(login.status).toBe(401)
        expect(await login.json()).toEqual(INVALID)
      }

      const sent = await auditOf('auth.invite_sent', account.id)
      expect(sent).toHaveLength(1)
      expect(sent[0]?.actorEmail).toBe(admin.email)
      expect(sent[0]?.detail).toMatchObject({ role: 'buyer', buyerId: buyer.id })
      expect(JSON.stringify(sent)).not.toContain(token)
      expect(await auditOf('buyer_account.create', account.id)).toEqual([
        expect.objectContaining({ detail: expect.objectContaining({ invited: true }) }),
      ])

      // The link's page names the invitation and the buyer portal.
      const page = await app.request(`/reset-password?token=${encodeURIComponent(token)}`)
      const html = await page.text()
      expect(html).toContain('Choose your password')
      expect(html).toContain('buyer portal')

      // A weak password is refused and the link still works; then it sets the password, once.
      await expectError(await setPassword(token, 'password1234'), 400)
      const accepted = await setPassword(token)
      expect(accepted.status).toBe(200)
      expect(await accepted.json()).toEqual({ message: 'Your password is set. Please sign in.' })
      await expectError(await setPassword(token, 'another passphrase 2026'), 400, RESET_INVALID)
      expect(await auditOf('auth.invite_accepted', account.id)).toHaveLength(1)

      const client = apiClient(app, await signIn(app, email, NEW_PASSWORD))
      expect((await client.get('/api/buyer/leads')).status).toBe(200)
      const list = (await ok(await admin.get(`/api/admin/buyers/${buyer.id}/accounts`))) as unknown as {
        invited: boolean
      }[]
      expect(list).toEqual([expect.objectContaining({ email, invited: false })])
      // A password chosen: no more invitations, a forgotten password has its own way.
      await expectError(
        await admin.post(`/api/admin/buyers/${buyer.id}/accounts/${account.id}/invite`, {}),
        409,
      )
    })

    it('refuses an expired invitation, and a new one replaces the last link', async () => {
      const { buyer } = await buyerWithLeads(db(), [])
      const other = await buyerWithLeads(db(), [])
      const email = uniqueEmail('expired')
      const account = (await ok(
        await admin.post(`/api/admin/buyers/${buyer.id}/accounts`, { email }),
        201,
      )) as unknown as { id: number }
      const first = await inviteToken(email)
      await db()
        .updateTable('adminUser')
        .set({ passwordResetExpires: new Date(Date.now() - 60_000) })
        .where('id', '=', account.id)
        .execute()
      const page = await app.request(`/reset-password?token=${encodeURIComponent(first.token)}`)
      expect(await page.text()).toContain('This invitation has expired')
      await expectError(await setPassword(first.token), 400, RESET_INVALID)

      // Only the buyer's own account can be invited again from the buyer's page.
      await expectError(
        await admin.post(`/api/admin/buyers/${other.buyer.id}/accounts/${account.id}/invite`, {}),
        404,
      )
      const again = await admin.post(`/api/admin/buyers/${buyer.id}/accounts/${account.id}/invite`, {})
      expect(await ok(again)).toMatchObject({ expiresAt: expect.any(String) })
      const second = await inviteToken(email)
      expect(second.token).not.toBe(first.token)
      await expectError(await setPassword(first.token), 400, RESET_INVALID)
      const sent = await auditOf('auth.invite_sent', account.id)
      expect(sent.map((a) => (a.detail as { resent?: boolean }).resent ?? false)).toEqual([false, true])

      // Without JavaScript the form lands on the buyer portal's sign-in.
      const form = await app.request('/api/auth/reset-password', {
        method: 'POST',
        body: new URLSearchParams({ token: second.token, newPassword: NEW_PASSWORD }),
      })
      expect(form.status).toBe(303)
      expect(form.headers.get('location')).toBe('/api/login?invited=1&portal=buyer')
      await signIn(app, email, NEW_PASSWORD)
    })

    it('invites staff from Users with the admin wording', async () => {
      const email = uniqueEmail('invited-editor')
      const user = (await ok(
        await admin.post('/api/admin/users', { email, role: 'editor' }),
        201,
      )) as unknown as {
        id: number
        invited: boolean
      }
      expect(user.invited).toBe(true)
      const { token, mail } = await inviteToken(email)
      expect(mail.subject).toMatch(/admin/)
      expect(mail.subject).not.toMatch(/buyer/)
      expect((await auditOf('auth.invite_sent', user.id))[0]?.detail).toMatchObject({ role: 'editor' })
      expect(await ok(await admin.post(`/api/admin/users/${user.id}/invite`, {}))).toMatchObject({
        message: `A new invitation was sent to ${email}`,
      })
      const { token: fresh } = await inviteToken(email)
      await expectError(await setPassword(token), 400, RESET_INVALID)
      const form = await app.request('/api/auth/reset-password', {
        method: 'POST',
        body: new URLSearchParams({ token: fresh, newPassword: NEW_PASSWORD }),
      })
      expect(form.headers.get('location')).toBe('/api/login?invited=1')
      await signIn(app, email, NEW_PASSWORD)
      await expectError(await admin.post(`/api/admin/users/${user.id}/invite`, {}), 409)
      // A password given by the API still works (scripts), and sends no invitation.
      const scripted = uniqueEmail('scripted')
      expect(
        await ok(await admin.post('/api/admin/users', { email: scripted, password: DEFAULT_PASSWORD }), 201),
      ).toMatchObject({
        invited: false,
      })
      expect(await mailsTo(scripted)).toEqual([])
    })
  })

  describe('the buyer portal', () => {
    it('names the buyer portal on its sign-in', async () => {
      const anonymous = await app.request('/buyer')
      expect(anonymous.status).toBe(302)
      expect(anonymous.headers.get('location')).toBe('/api/login?portal=buyer')
      const html = await (await app.request('/api/login?portal=buyer')).text()
      expect(html).toContain('Sign in to the buyer portal')
      expect(html).not.toContain('Sign in to manage the site')
      const failed = await app.request('/api/login', {
        method: 'POST',
        body: new URLSearchParams({
          email: 'nobody@example.test',
          password: 'wrong password',
          portal: 'buyer',
        }),
      })
      expect(failed.headers.get('location')).toMatch(/[?&]portal=buyer(&|$)/)
    })
  })

  describe('GET /api/buyer/leads/{reference}', () => {
    it("gives the buyer's own lead with answers, estimate and consent evidence; 404 for another buyer's", async () => {
      const a = await buyerWithLeads(db(), [1, 2])
      const b = await buyerWithLeads(db(), [1])
      const mine = a.sales[0]
      const theirs = b.sales[0]
      const firms = [
        { id: a.buyer.id, name: 'Acme Claims', legalName: 'Acme Claims Ltd', fcaNumber: '123456' },
      ]
      await db()
        .updateTable('lead')
        .set({
          estimatedClaim: 1850,
          consentVersion: 'v-abc',
          consentBuyers: JSON.stringify(firms),
          consentCertificate: 'aGVhZA.cGF5bG9hZA.c2ln',
        })
        .where('id', '=', mine?.leadId as number)
        .execute()
      const { key } = await newKey(admin, a.buyer.id)
      const { key: otherKey } = await newKey(admin, b.buyer.id)
      const get = (k: string, ref: string) =>
        keyClient(app, k).get(`/api/buyer/leads/${encodeURIComponent(ref)}`)

      const lead = (await ok(await get(key, mine?.reference as string))) as unknown as BuyerLeadDetail
      expect(lead).toMatchObject({
        reference: mine?.reference,
        returned: false,
        person: { firstName: 'Zoë', lastName: '=HYPERLINK("x")' },
        outcome: 'eligible',
        estimatedClaim: 1850,
        consent: {
          text: 'I agree to be contacted by Acme Claims',
          version: 'v-abc',
          firms: [{ name: 'Acme Claims', legalName: 'Acme Claims Ltd', fcaNumber: '123456' }],
          certificate: 'aGVhZA.cGF5bG9hZA.c2ln',
        },
      })
      expect(lead.answerList).toEqual([
        { questionId: 'hadPcpFinance', question: 'hadPcpFinance', value: 'yes', label: 'yes' },
      ])

      // Isolation: another buyer's lead is not found, for its key or session, as an unknown one is.
      await expectError(await get(key, theirs?.reference as string), 404, 'Lead not found')
      await expectError(await get(otherKey, mine?.reference as string), 404, 'Lead not found')
      await expectError(await get(key, 'no-such-reference'), 404, 'Lead not found')
      await expectError(await app.request(`/api/buyer/leads/${mine?.reference}`), 401)
      await expectError(await admin.get(`/api/buyer/leads/${mine?.reference}`), 401)
      expect((await get(otherKey, theirs?.reference as string)).status).toBe(200)

      // The portal's page for it, and not for another buyer's lead.
      const email = uniqueEmail('portal')
      await ok(
        await admin.post(`/api/admin/buyers/${a.buyer.id}/accounts`, { email, password: DEFAULT_PASSWORD }),
        201,
      )
      const session = apiClient(app, await signIn(app, email, DEFAULT_PASSWORD))
      expect((await session.get(`/api/buyer/leads/${mine?.reference}`)).status).toBe(200)
      await expectError(await session.get(`/api/buyer/leads/${theirs?.reference}`), 404)
      const page = await session.get(`/buyer/leads/${mine?.reference}`)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain('Acme Claims Ltd')
      expect(html).toContain('aGVhZA.cGF5bG9hZA.c2ln')
      expect((await session.get(`/buyer/leads/${theirs?.reference}`)).status).toBe(404)
      expect((await app.request(`/buyer/leads/${mine?.reference}`)).headers.get('location')).toBe(
        '/api/login?portal=buyer',
      )
    })

    it('opens a lead whose reference has capitals at its own address (no lower-casing redirect)', async () => {
      const { buyer, contract } = await buyerWithLeads(db(), [])
      const reference = `Mixed${Date.now().toString(36)}CaseRef`
      const lead = await insertLead(db(), { email: uniqueEmail('mixed'), reference })
      await insertSale(db(), { leadId: lead.id, contract, acceptedAt: new Date() })
      const email = uniqueEmail('mixed-portal')
      await ok(
        await admin.post(`/api/admin/buyers/${buyer.id}/accounts`, { email, password: DEFAULT_PASSWORD }),
        201,
      )
      const session = apiClient(app, await signIn(app, email, DEFAULT_PASSWORD))
      const page = await session.get(`/buyer/leads/${reference}`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain(reference)
    })

    it('shows a lead returned and approved without the person, answers or consent', async () => {
      const { buyer, sales } = await buyerWithLeads(db(), [1], { autoApproveReturns: true })
      const sale = sales[0]
      await db()
        .updateTable('lead')
        .set({ estimatedClaim: 900, consentCertificate: 'aGVhZA.cGF5bG9hZA.c2ln' })
        .where('id', '=', sale?.leadId as number)
        .execute()
      const { key } = await newKey(admin, buyer.id)
      const client = keyClient(app, key)
      expect(
        await ok(await client.returnLead(sale?.reference as string, { reason: 'no_consent' }), 201),
      ).toMatchObject({
        status: 'approved',
      })
      const lead = (await ok(
        await client.get(`/api/buyer/leads/${sale?.reference}`),
      )) as unknown as BuyerLeadDetail
      expect(lead).toMatchObject({
        reference: sale?.reference,
        returned: true,
        person: null,
        answers: null,
        answerList: null,
        outcome: null,
        estimatedClaim: null,
        consent: null,
        questionnaire: null,
        return: { status: 'approved', reason: 'no_consent' },
      })
      expect(JSON.stringify(lead)).not.toContain('Zoë')
      expect(JSON.stringify(lead)).not.toContain('aGVhZA')
    })
  })
})
