import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CONFIRMATION_SUBJECT, THANK_YOU_COOKIE } from '../../core/lead-confirmation.ts'
import { site } from '../../core/site.ts'
import { MAX_CONFIRMATION_ATTEMPTS, sendLeadConfirmations } from '../../server/leads/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { eligibleAnswers, leadPayload } from '../support/factories.ts'
import { decode, visibleText } from '../support/html.ts'
import { expectError, ok } from '../support/http.ts'
import { insertBuyer } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

type Mail = { to: string; subject: string; text: string }

const text = (html: string) => decode(visibleText(html).replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ')
const operatorKeys = [
  'firm_name',
  'firm_address',
  'fca_reference_number',
  'company_number',
  'ico_registration_number',
  'fca_status',
]

describe(`the thank-you page, the confirmation email and the operator's details on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let outbox: string
  let count = 0
  const seen = new Set<string>()
  const db = () => app.database.db

  /** Mails written since the last call, once the work queued after answering is done. */
  async function newMails(): Promise<Mail[]> {
    await app.services.background.idle()
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : []
    const fresh = files.filter((f) => !seen.has(f))
    for (const f of fresh) seen.add(f)
    return fresh.map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as Mail)
  }

  /** A fresh person each time (a repeat within the duplicate window would be a submission). */
  function person() {
    count += 1
    return { email: `thanks-${count}-${testDialect}@example.com`, phone: `07700 9${String(10000 + count)}` }
  }

  async function postLead(overrides: Record<string, unknown> = {}) {
    const response = await app.postJson('/api/leads', leadPayload({ answers: eligibleAnswers, ...overrides }))
    expect(response.status).toBe(201)
    const { reference } = (await response.json()) as { reference: string }
    return { reference, cookie: response.headers.get('set-cookie') ?? '' }
  }

  const thankYou = (reference?: string) =>
    app.request('/thank-you', reference ? { headers: { cookie: `${THANK_YOU_COOKIE}=${reference}` } } : {})

  beforeAll(async () => {
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-thanks-'))
    app = await startTestApp({ mailOutbox: outbox })
    admin = await createSignedInAdmin(app, { role: 'admin' })
    await newMails()
  })
  afterEach(async () => {
    await newMails()
    await db().deleteFrom('siteSetting').where('key', 'in', operatorKeys).execute()
    await db().deleteFrom('buyer').execute()
    await app.services.site.changed()
  })
  afterAll(async () => {
    await app?.close()
    if (outbox) fs.rmSync(outbox, { recursive: true, force: true })
  })

  async function namedFirms(...names: string[]) {
    for (const name of names) await insertBuyer(db(), { name, namedInConsent: true })
    await app.services.site.changed()
  }

  describe('the thank-you page', () => {
    it('pushes the lead event with the id server-side conversions send to dataLayer, nonce and all', async () => {
      const { reference } = await postLead(person())
      const response = await thankYou(reference)
      const html = await response.text()
      const push = `(window.dataLayer=window.dataLayer||[]).push({"event":"lead","event_id":"${reference}-lead","lead_reference":"${reference}"})`
      const script = html
        .match(/<script nonce="([^"]+)">([^<]*)<\/script>/g)
        ?.find((s) => s.includes('dataLayer'))
      expect(script).toContain(push)
      const nonce = /nonce="([^"]+)"/.exec(script ?? '')?.[1]
      expect(response.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`)
      // Without the visitor's reference (the cached page) there is no lead to tell of.
      expect(await (await thankYou()).text()).not.toContain('event_id')
    })

    it('shows the reference and the consented firms to the visitor who posted, and no personal data', async () => {
      await namedFirms('Acme Claims Ltd', 'Best Redress LLP')
      const who = person()
      const { reference, cookie } = await postLead(who)
      expect(cookie).toContain(`${THANK_YOU_COOKIE}=${reference}`)
      expect(cookie).toContain('Path=/thank-you')
      expect(cookie).toContain('HttpOnly')
      expect(cookie).toMatch(/Max-Age=\d+/)

      // The generic page is cached first: the visitor's request must still go past the cache.
      expect((await thankYou()).status).toBe(200)
      expect((await thankYou()).status).toBe(200)
      const response = await thankYou(reference)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      expect(response.headers.get('x-robots-tag')).toBe('noindex')
      const page = text(await response.text())
      expect(page).toContain(`Your reference ${reference}`)
      expect(page).toContain('Acme Claims Ltd')
      expect(page).toContain('Best Redress LLP')
      expect(page).toContain('Only they may contact you about this claim.')
      expect(page).toContain(`email ${site.privacyEmail} quoting your reference ${reference}`)
      expect(page).not.toContain(who.email)
      expect(page).not.toContain('Ann')
      // Nothing on it starts a new check.
      expect(page).not.toContain('Free check')
      expect(page).not.toContain('Back to Home')
    })

    it('shows the generic text to a request without the cookie, cached as before', async () => {
      await namedFirms('Acme Claims Ltd')
      await postLead(person())
      const response = await thankYou()
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).not.toContain('no-store')
      const page = text(await response.text())
      expect(page).toContain('Thank you – we have received your enquiry')
      expect(page).not.toContain('Your reference')
      expect(page).not.toContain('Acme Claims Ltd')
      expect(page).toContain(`email ${site.privacyEmail}.`)
    })

    it.each([
      ['a guessed reference', 'A'.repeat(22)],
      ['a malformed reference', '<script>'],
      ['an empty cookie', ''],
    ])('shows the generic text for %s, uncached', async (_what, reference) => {
      const response = await app.request('/thank-you', {
        headers: { cookie: `${THANK_YOU_COOKIE}=${encodeURIComponent(reference)}` },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      const page = text(await response.text())
      expect(page).not.toContain('Your reference')
      expect(page).not.toContain('&lt;script')
    })

    it("gives a bot a cookie like anyone's, whose reference shows the generic text and mails nobody", async () => {
      await namedFirms('Acme Claims Ltd')
      await newMails()
      const { reference, cookie } = await postLead({ ...person(), website: 'https://spam.example' })
      expect(cookie).toContain(`${THANK_YOU_COOKIE}=${reference}`)
      const page = text(await (await thankYou(reference)).text())
      expect(page).not.toContain(reference)
      expect(page).not.toContain('Acme Claims Ltd')
      expect(await newMails()).toEqual([])
    })

    it('shows the firms of a later submission under its own reference', async () => {
      await namedFirms('Acme Claims Ltd')
      const who = person()
      await postLead(who)
      await newMails()
      await db().deleteFrom('buyer').execute()
      await namedFirms('Other Firm Ltd')
      const again = await postLead(who)
      const stored = await db()
        .selectFrom('leadSubmission')
        .select('id')
        .where('reference', '=', again.reference)
        .executeTakeFirst()
      expect(stored).toBeDefined()
      const page = text(await (await thankYou(again.reference)).text())
      expect(page).toContain(again.reference)
      expect(page).toContain('Other Firm Ltd')
      expect(page).not.toContain('Acme Claims Ltd')
      // One confirmation per lead: the repeat is not mailed again.
      expect(await newMails()).toEqual([])
    })

    it('names the partner when the consent named no buyer, and forgets an erased lead', async () => {
      await ok(await admin.post('/api/admin/settings', { key: 'partner_name', value: 'Partner Claims Ltd' }))
      try {
        const { reference } = await postLead(person())
        expect(text(await (await thankYou(reference)).text())).toContain('Partner Claims Ltd')
        await db().deleteFrom('lead').where('reference', '=', reference).execute()
        expect(text(await (await thankYou(reference)).text())).not.toContain(reference)
      } finally {
        await ok(await admin.post('/api/admin/settings', { key: 'partner_name', value: null }))
      }
    })

    it('takes the no-JavaScript form to the page with the cookie', async () => {
      await namedFirms('Acme Claims Ltd')
      const who = person()
      const response = await app.request('/?index', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          intent: 'lead',
          step: '3',
          ...eligibleAnswers,
          firstName: 'Form',
          lastName: 'Poster',
          email: who.email,
          phone: who.phone,
          hasConsent: 'true',
        }).toString(),
      })
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe('/thank-you')
      const cookie = response.headers.get('set-cookie') ?? ''
      const reference = new RegExp(`${THANK_YOU_COOKIE}=([A-Za-z0-9_-]{22})`).exec(cookie)?.[1]
      const lead = await db()
        .selectFrom('lead')
        .select('reference')
        .where('email', '=', who.email)
        .executeTakeFirstOrThrow()
      expect(reference).toBe(lead.reference)
      const page = text(await (await thankYou(reference)).text())
      expect(page).toContain(lead.reference)
      expect(page).toContain('Acme Claims Ltd')
      const mails = await newMails()
      expect(mails.map((m) => m.to)).toEqual([who.email])
    })
  })

  describe('the confirmation email', () => {
    it('goes once to the new lead, with the reference, the firms, next steps, withdrawal and the operator', async () => {
      await namedFirms('Acme Claims Ltd')
      for (const [key, value] of [
        ['firm_name', 'Claim Check Ltd'],
        ['company_number', '12345678'],
        ['firm_address', '1 High Street, Leeds LS1 1AA'],
        ['ico_registration_number', 'ZA123456'],
        ['fca_reference_number', '123456'],
      ])
        await ok(await admin.post('/api/admin/settings', { key, value }))
      await newMails()
      const who = person()
      const { reference } = await postLead(who)
      const mails = await newMails()
      expect(mails).toHaveLength(1)
      const [mail] = mails as [Mail]
      expect(mail.to).toBe(who.email)
      expect(mail.subject).toBe(CONFIRMATION_SUBJECT)
      expect(mail.subject).not.toContain(who.email)
      expect(mail.text).toContain(`Your reference: ${reference}`)
      expect(mail.text).toContain('Acme Claims Ltd, a claims management company')
      expect(mail.text).toContain('What happens next')
      expect(mail.text).toContain(`email ${site.privacyEmail} quoting your reference ${reference}`)
      expect(mail.text).toContain('Claim Check Ltd, company number 12345678.')
      expect(mail.text).toContain("Registered with the Information Commissioner's Office, number ZA123456.")
      expect(mail.text).not.toContain('Ann')
      expect(mail.text).not.toContain('07700')
      const row = await db()
        .selectFrom('leadConfirmation')
        .innerJoin('lead', 'lead.id', 'leadConfirmation.leadId')
        .select(['leadConfirmation.state', 'leadConfirmation.sentAt'])
        .where('lead.reference', '=', reference)
        .executeTakeFirstOrThrow()
      expect(row.state).toBe('sent')
      expect(row.sentAt).toBeInstanceOf(Date)

      // Running the job again sends nothing more.
      expect(await sendLeadConfirmations(app.services)).toBe(0)
      expect(await newMails()).toEqual([])
    })

    it('tries a refused mail again, then gives up, never twice once sent', async () => {
      const failing = {
        ...app.services,
        mailer: {
          send: async () => {
            throw new Error('smtp down')
          },
        },
      }
      // The kick after the post would send it at once: hold it back by claiming it here first.
      const { reference } = await postLead(person())
      await newMails()
      const lead = await db()
        .selectFrom('lead')
        .select('id')
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow()
      await db()
        .updateTable('leadConfirmation')
        .set({ state: 'pending', attempts: 0, sentAt: null })
        .where('leadId', '=', lead.id)
        .execute()
      const state = async () =>
        db()
          .selectFrom('leadConfirmation')
          .select(['state', 'attempts'])
          .where('leadId', '=', lead.id)
          .executeTakeFirstOrThrow()
      expect(await sendLeadConfirmations(failing)).toBe(0)
      expect(await state()).toEqual({ state: 'pending', attempts: 1 })
      expect(await sendLeadConfirmations(app.services)).toBe(1)
      expect(await state()).toEqual({ state: 'sent', attempts: 2 })
      expect(await newMails()).toHaveLength(1)

      await db()
        .updateTable('leadConfirmation')
        .set({ state: 'pending', attempts: 0 })
        .where('leadId', '=', lead.id)
        .execute()
      for (let i = 0; i < MAX_CONFIRMATION_ATTEMPTS; i++) await sendLeadConfirmations(failing)
      expect(await state()).toEqual({ state: 'failed', attempts: MAX_CONFIRMATION_ATTEMPTS })
      expect(await sendLeadConfirmations(app.services)).toBe(0)
    })
  })

  describe("the operator's details", () => {
    it('are in the footer of every public page once filled in', async () => {
      for (const [key, value] of [
        ['firm_name', 'Claim Check Ltd'],
        ['company_number', 'sc123456'],
        ['firm_address', '1 High Street, Leeds LS1 1AA'],
        ['ico_registration_number', 'za123456'],
        ['fca_reference_number', '123456'],
        ['fca_status', 'Authorised and regulated by the Financial Conduct Authority'],
      ])
        await ok(await admin.post('/api/admin/settings', { key, value }))
      for (const pathname of ['/', '/privacy-policy', '/evidence', '/cookie-policy', '/thank-you']) {
        const page = text(await (await app.request(pathname)).text())
        expect(page, pathname).toContain('Claim Check Ltd, company number SC123456.')
        expect(page, pathname).toContain('Registered office: 1 High Street, Leeds LS1 1AA.')
        expect(page, pathname).toContain(
          "Registered with the Information Commissioner's Office, number ZA123456.",
        )
        expect(page, pathname).toContain(
          'Authorised and regulated by the Financial Conduct Authority. FCA firm reference number 123456.',
        )
      }
    })

    it.each([
      ['company_number', '1234', 'The company number must be 8 digits'],
      ['company_number', 'ABC12345', 'The company number must be 8 digits'],
      ['ico_registration_number', '123456', 'The ICO registration number must look like ZA123456'],
      ['fca_status', 'Two\nlines', 'The FCA status must be on one line'],
    ])('refuses %s %j', async (key, value, message) => {
      await expectError(await admin.post('/api/admin/settings', { key, value }), 400, new RegExp(message))
    })
  })
})
