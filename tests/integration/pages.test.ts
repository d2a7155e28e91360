import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { META_DESCRIPTION_HINT } from '../../core/schemas/pages.ts'
import { systemPageContent } from '../../core/system-page-content.ts'
import { json } from '../../server/platform/index.ts'
import { defaultSettings, systemPages } from '../../server/site/index.ts'
import { parseHead, visibleText } from '../support/html.ts'
import { postStep, postStepAndFollow } from '../support/questionnaire-steps.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const text = visibleText

const thankYouSetting = JSON.parse(defaultSettings.find((s) => s.key === 'thank-you')?.value ?? '{}') as {
  title: string
  metaDescription: string
}
const thankYouDefaults = {
  title: 'Thank You | Car Finance Claim Check',
  description: 'Thank you for your enquiry. A specialist will contact you within 24 hours.',
}

const answers = {
  hadPcpFinance: 'yes',
  purchaseDateRange: '2011-2014',
  loanAmount: '15000-25000',
  dealerDisclosedCommission: 'unclear',
}
const leadFields = {
  firstName: 'Form',
  lastName: 'Poster',
  email: 'form.poster@example.com',
  phone: '07700 900456',
  carDetails: 'Vauxhall Astra',
}

describe(`pages, server HTML and the no-JavaScript form on ${testDialect}`, () => {
  let app: TestApp

  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  const db = () => app.database.db

  async function getHtml(pathname: string, status = 200) {
    const response = await app.request(pathname)
    expect(response.status, pathname).toBe(status)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    return response.text()
  }

  // A step that moves on answers 303 with its address (ADR 0058): followed, as a browser does.
  async function postForm(body: Record<string, string>) {
    if (body.intent === 'lead') return postStep(app, body)
    return (await postStepAndFollow(app, body)).response
  }

  async function counts() {
    const leads = await db()
      .selectFrom('lead')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    const responses = await db()
      .selectFrom('eligibilityResponse')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    return { leads: Number(leads.n), responses: Number(responses.n) }
  }

  async function setThankYou(value: string | null) {
    await db().updateTable('siteSetting').set({ value }).where('key', '=', 'thank-you').execute()
    await app.services.site.changed()
  }

  describe('the pages API', () => {
    it('answers the home page record', async () => {
      const response = await app.request('/api/pages/home')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      const page = await response.json()
      const home = systemPages[0]
      expect(page).toMatchObject({
        slug: 'home',
        title: home.title,
        metaDescription: home.metaDescription,
        metaKeywords: home.metaKeywords,
        ogTitle: home.ogTitle,
        ogDescription: home.ogDescription,
        isPublished: true,
        // Its blocks, as shipped (docs/decisions/0075-system-pages-from-blocks.md).
        content: systemPageContent.home,
      })
      expect(Number.isInteger(page.id)).toBe(true)
      expect(Number.isNaN(Date.parse(page.updatedAt))).toBe(false)
    })

    it.each(systemPages.map((p) => [p.slug, p] as const))('answers the %s record', async (slug, seeded) => {
      const response = await app.request(`/api/pages/${slug}`)
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({
        slug,
        title: seeded.title,
        metaDescription: seeded.metaDescription,
      })
    })

    it('answers 404 for a page once it is unpublished', async () => {
      await db()
        .insertInto('page')
        .values({ slug: 'draft-guide', title: 'Draft guide', content: json({ body: 'secret draft' }) })
        .execute()
      await app.services.site.changed()
      const published = await app.request('/api/pages/draft-guide')
      expect(published.status).toBe(200)
      expect(await published.json()).toMatchObject({
        title: 'Draft guide',
        content: { body: 'secret draft' },
      })

      await db().updateTable('page').set({ isPublished: false }).where('slug', '=', 'draft-guide').execute()
      await app.services.site.changed()
      const unpublished = await app.request('/api/pages/draft-guide')
      expect(unpublished.status).toBe(404)
      expect(unpublished.headers.get('content-type')).toMatch(/^application\/json/)
      const body = await unpublished.json()
      expect(body).toEqual({ message: 'Page not found' })
      expect(JSON.stringify(body)).not.toContain('secret draft')
    })

    // PostgreSQL cannot hold U+0000 in text, so an address carrying one is refused before any query.
    it('answers 400 for a slug with a NUL byte', async () => {
      const response = await app.request('/api/pages/home%00')
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message: 'The address contains a NUL character' })
    })

    it.each(['no-such-page', 'HOME', 'home%00', "home' OR '1'='1", 'thank-you-2', 'a'.repeat(3000)])(
      'answers 404 for the unknown slug %s',
      async (slug) => {
        const response = await app.request(`/api/pages/${encodeURIComponent(slug)}`)
        expect(response.status).toBe(404)
        expect(await response.json()).toEqual({ message: 'Page not found' })
      },
    )

    it.each(['/api/whatever', '/api/pages', '/api/pages/home/extra', '/api', '/api/leads/export'])(
      'answers 404 JSON for the unknown API path %s',
      async (pathname) => {
        const response = await app.request(pathname)
        expect(response.status).toBe(404)
        expect(response.headers.get('content-type')).toMatch(/^application\/json/)
        expect(await response.json()).toEqual({ message: 'Not found' })
      },
    )
  })

  describe('server HTML', () => {
    // The thank-you page's head comes from its setting (SPEC section 2), tested below.
    it.each(
      systemPages
        .filter((p) => p.slug !== 'thank-you')
        .map((p) => [p.slug === 'home' ? '/' : `/${p.slug}`, p] as const),
    )('renders the head of %s from its page record', async (pathname, seeded) => {
      const html = await getHtml(pathname)
      const head = parseHead(html)
      expect(head.titles).toEqual([seeded.title])
      expect(head.description).toBe(seeded.metaDescription)
      expect(head.ogTitle).toBe(seeded.ogTitle)
      expect(head.ogDescription).toBe(seeded.ogDescription)
      expect(head.ogUrl).toBe(`${app.baseUrl}${pathname}`)
      expect(head.canonical).toBe(`${app.baseUrl}${pathname}`)
      expect(head.keywords).toBe(seeded.metaKeywords)
      expect(head.robots).toBeUndefined()
    })

    it.each(['/', '/privacy-policy', '/evidence', '/cookie-policy', '/thank-you'])(
      'serves %s with a meta description of at most 160 characters',
      async (pathname) => {
        const { description, ogDescription } = parseHead(await getHtml(pathname))
        expect(description?.trim()).toBeTruthy()
        expect(description?.length).toBeLessThanOrEqual(META_DESCRIPTION_HINT)
        expect(ogDescription?.length).toBeLessThanOrEqual(META_DESCRIPTION_HINT)
      },
    )

    it('renders the thank-you head from its setting, not indexed', async () => {
      const head = parseHead(await getHtml('/thank-you'))
      expect(head.titles).toEqual([thankYouSetting.title])
      expect(head.description).toBe(thankYouSetting.metaDescription)
      expect(head.ogTitle).toBe(thankYouSetting.title)
      expect(head.ogDescription).toBe(thankYouSetting.metaDescription)
      expect(head.ogUrl).toBe(`${app.baseUrl}/thank-you`)
      expect(head.robots).toBe('noindex')
    })

    it('leaves the query string out of og:url', async () => {
      const head = parseHead(await getHtml('/evidence?utm_source=newsletter&x=%22%3E'))
      expect(head.ogUrl).toBe(`${app.baseUrl}/evidence`)
    })

    it('shows a changed home title on the next request', async () => {
      const original = systemPages[0].title
      try {
        await db().updateTable('page').set({ title: 'Fresh title 1' }).where('slug', '=', 'home').execute()
        await app.services.site.changed()
        expect(parseHead(await getHtml('/')).title).toBe('Fresh title 1')
        await db().updateTable('page').set({ title: 'Fresh title 2' }).where('slug', '=', 'home').execute()
        await app.services.site.changed()
        expect(parseHead(await getHtml('/')).title).toBe('Fresh title 2')
        expect((await (await app.request('/api/pages/home')).json()).title).toBe('Fresh title 2')
      } finally {
        await db().updateTable('page').set({ title: original }).where('slug', '=', 'home').execute()
        await app.services.site.changed()
      }
      expect(parseHead(await getHtml('/')).title).toBe(original)
    })

    it('falls back to the default title of an unpublished system page', async () => {
      try {
        await db().updateTable('page').set({ isPublished: false }).where('slug', '=', 'evidence').execute()
        await app.services.site.changed()
        const head = parseHead(await getHtml('/evidence'))
        // No record of its own: the route's name with the site_title setting, as the settings fill the head.
        expect(head.title).toBe('Evidence | Car Finance Claim Check')
        expect(head.description).toBe('')
        expect(head.ogTitle).toBe('Evidence | Car Finance Claim Check')
      } finally {
        await db().updateTable('page').set({ isPublished: true }).where('slug', '=', 'evidence').execute()
        await app.services.site.changed()
      }
    })

    it('takes the thank-you title and description from its setting', async () => {
      const original = defaultSettings.find((s) => s.key === 'thank-you')?.value ?? null
      try {
        await setThankYou(
          JSON.stringify({ title: 'Cheers & thanks', metaDescription: 'We will call you "soon".' }),
        )
        let head = parseHead(await getHtml('/thank-you'))
        expect(head.title).toBe('Cheers & thanks')
        expect(head.description).toBe('We will call you "soon".')

        await setThankYou(JSON.stringify({ title: 'Only a title' }))
        head = parseHead(await getHtml('/thank-you'))
        expect(head.title).toBe('Only a title')
        expect(head.description).toBe(thankYouDefaults.description)
      } finally {
        await setThankYou(original)
      }
    })

    it.each([
      ['invalid JSON', '{"title": "Broken'],
      ['JSON null', 'null'],
      ['a JSON string', '"Thanks"'],
      ['a JSON array', '["Thanks"]'],
      ['non-string fields', '{"title": 42, "metaDescription": {"text": "x"}}'],
      ['empty fields', '{"title": "", "metaDescription": ""}'],
      ['an empty value', ''],
      ['a null value', null],
    ])('falls back to the default thank-you head when the setting holds %s', async (_label, value) => {
      const original = defaultSettings.find((s) => s.key === 'thank-you')?.value ?? null
      try {
        await setThankYou(value)
        const head = parseHead(await getHtml('/thank-you'))
        expect(head.titles).toEqual([thankYouDefaults.title])
        expect(head.description).toBe(thankYouDefaults.description)
      } finally {
        await setThankYou(original)
      }
    })

    it('falls back to the default thank-you head when the setting is deleted', async () => {
      const row = await db()
        .selectFrom('siteSetting')
        .selectAll()
        .where('key', '=', 'thank-you')
        .executeTakeFirstOrThrow()
      await db().deleteFrom('siteSetting').where('key', '=', 'thank-you').execute()
      await app.services.site.changed()
      try {
        const head = parseHead(await getHtml('/thank-you'))
        expect(head.titles).toEqual([thankYouDefaults.title])
        expect(head.description).toBe(thankYouDefaults.description)
        expect(head.ogTitle).toBe(thankYouDefaults.title)
      } finally {
        await db()
          .insertInto('siteSetting')
          .values({ key: row.key, value: row.value, category: row.category, description: row.description })
          .execute()
        await app.services.site.changed()
      }
      expect(parseHead(await getHtml('/thank-you')).title).toBe(thankYouSetting.title)
    })

    it('escapes <, " and & from the page record in the HTML', async () => {
      const title = 'Evil </title><script>alert("t")</script> & "co" \'q\''
      const description = '"><script>alert(2)</script><meta name="x" content="&amp;'
      const keywords = '</script><script>alert(3)</script>'
      const original = await db()
        .selectFrom('page')
        .selectAll()
        .where('slug', '=', 'home')
        .executeTakeFirstOrThrow()
      try {
        await db()
          .updateTable('page')
          .set({
            title,
            metaDescription: description,
            metaKeywords: keywords,
            ogTitle: null,
            ogDescription: null,
          })
          .where('slug', '=', 'home')
          .execute()
        await app.services.site.changed()
        const html = await getHtml('/')
        expect(html).not.toMatch(/<script>alert/i)
        expect(html).not.toContain('</title><script>')
        expect(html).not.toContain('"><script>')
        expect(html).not.toContain('<meta name="x"')
        expect(html.match(/<title>/g)).toHaveLength(1)
        expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(')
        const head = parseHead(html)
        expect(head.titles).toEqual([title])
        expect(head.ogTitle).toBe(title)
        expect(head.description).toBe(description)
        expect(head.ogDescription).toBe(description)
        expect(head.keywords).toBe(keywords)
      } finally {
        await db()
          .updateTable('page')
          .set({
            title: original.title,
            metaDescription: original.metaDescription,
            metaKeywords: original.metaKeywords,
            ogTitle: original.ogTitle,
            ogDescription: original.ogDescription,
          })
          .where('slug', '=', 'home')
          .execute()
        await app.services.site.changed()
      }
    })

    it('escapes markup from the thank-you setting', async () => {
      const original = defaultSettings.find((s) => s.key === 'thank-you')?.value ?? null
      try {
        await setThankYou(
          JSON.stringify({ title: '<script>alert(4)</script>', metaDescription: '"/><b>x</b>' }),
        )
        const html = await getHtml('/thank-you')
        expect(html).not.toMatch(/<script>alert/i)
        expect(html).not.toContain('<b>x</b>')
        const head = parseHead(html)
        expect(head.title).toBe('<script>alert(4)</script>')
        expect(head.description).toBe('"/><b>x</b>')
      } finally {
        await setThankYou(original)
      }
    })

    it.each([
      '/no/such/page',
      '/thank-you/again',
      '/privacy-policy/extra',
      '/index.php',
      '/wp-admin/',
      '/.env',
      '/%',
      '/home',
    ])('answers 404 Page Not Found for %s', async (pathname) => {
      const html = await getHtml(pathname, 404)
      expect(html).toContain('404 Page Not Found')
      const head = parseHead(html)
      expect(head.titles).toEqual(['Page Not Found'])
      expect(head.robots).toBe('noindex')
    })

    it('answers /healthz with ok', async () => {
      const response = await app.request('/healthz')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await response.text()).toBe('{"status":"ok"}')
    })
  })

  describe('the no-JavaScript questionnaire and lead form', () => {
    it('moves to step 2 after answering the first question', async () => {
      const response = await postForm({ intent: 'continue', step: '0', hadPcpFinance: 'yes' })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      const html = text(await response.text())
      expect(html).toContain('Step 2 of 4')
      expect(html).not.toContain('Step 1 of 4')
      expect(html).toContain('When did you take out the finance?')
      expect(html).toMatch(/<input type="hidden" name="answers.hadPcpFinance" value="yes"\/>/)
    })

    it('stays on step 1 with an error when no answer is chosen', async () => {
      const response = await postForm({ intent: 'continue', step: '0' })
      expect(response.status).toBe(200)
      const html = text(await response.text())
      expect(html).toContain('Step 1 of 4')
      expect(html).toContain('Please choose an answer to continue.')
    })

    it('shows the result after the last answer', async () => {
      const response = await postForm({ intent: 'check', step: '3', ...answers })
      expect(response.status).toBe(200)
      const html = text(await response.text())
      expect(html).toContain('£2,500')
    })

    it('stores a complete lead post and redirects to /thank-you', async () => {
      const before = await counts()
      const response = await postForm({
        intent: 'lead',
        step: '3',
        ...answers,
        ...leadFields,
        hasConsent: 'true',
      })
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe('/thank-you')
      expect(await counts()).toEqual({ leads: before.leads + 1, responses: before.responses + 1 })

      const lead = await db()
        .selectFrom('lead')
        .selectAll()
        .where('email', '=', leadFields.email)
        .executeTakeFirstOrThrow()
      expect(lead).toMatchObject({ ...leadFields, hasConsent: true })
      expect(lead.createdAt).toBeInstanceOf(Date)
      const responses = await db()
        .selectFrom('eligibilityResponse')
        .selectAll()
        .where('leadId', '=', lead.id)
        .execute()
      expect(responses).toHaveLength(1)
      expect(responses[0]).toMatchObject({
        hadPcpFinance: true,
        purchaseDateRange: '2011-2014',
        loanAmount: 15000,
        dealerDisclosedCommission: false,
        commissionDisclosure: 'unclear',
        isEligible: true,
        estimatedClaim: 2500,
      })
    })

    it.each([
      ['an invalid email', { email: 'not-an-email' }, 'Please enter a valid email address'],
      ['no consent', { hasConsent: '' }, 'You must agree to be contacted to continue'],
      ['a bad phone', { phone: '12345' }, 'Please enter a valid UK phone number'],
      ['a blank first name', { firstName: ' ' }, 'First name is required'],
    ])('answers a lead post with %s with 400 HTML and stores nothing', async (_label, override, message) => {
      const before = await counts()
      const response = await postForm({
        intent: 'lead',
        step: '3',
        ...answers,
        ...leadFields,
        hasConsent: 'true',
        ...override,
      })
      expect(response.status).toBe(400)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      const html = text(await response.text())
      expect(html).toContain(message)
      expect(await counts()).toEqual(before)
    })

    it('refuses a form post over 16 kB and stores nothing', async () => {
      const before = await counts()
      const response = await postForm({
        intent: 'lead',
        step: '3',
        ...answers,
        ...leadFields,
        carDetails: 'x'.repeat(20_000),
        hasConsent: 'true',
      })
      expect(response.status).toBe(413)
      expect(await response.text()).toContain('Your form submission was too large')
      expect(await counts()).toEqual(before)
    })

    it('echoes a hostile lead post back escaped', async () => {
      const before = await counts()
      const response = await postForm({
        intent: 'lead',
        step: '3',
        ...answers,
        ...leadFields,
        firstName: '<script>alert(5)</script>',
        carDetails: '"><img src=x onerror=alert(6)>',
        hasConsent: 'true',
      })
      expect(response.status).toBe(400)
      const html = await response.text()
      expect(html).toContain('First name contains characters that are not allowed')
      expect(html).not.toMatch(/<script>alert/i)
      expect(html).not.toContain('<img src=x')
      expect(await counts()).toEqual(before)
    })
  })
})
