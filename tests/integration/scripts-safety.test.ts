import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CONSENT_CATEGORY_REQUIRED } from '../../core/schemas/scripts.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { attributes } from '../support/html.ts'
import { created, expectError, ok, type Row } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

/** The page's text outside script and style elements and tags: what a visitor would read. */
function pageText(html: string) {
  return html
    .replace(/<script\b[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<style\b[\s\S]*?<\/style\s*>/gi, '')
    .replace(/<[^>]+>/g, ' ')
}

/** Every <script> element of the page whose text or attributes hold `marker`. */
function scriptsWith(html: string, marker: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter((m) => m[0].includes(marker))
    .map((m) => ({ attrs: attributes(`<script${m[1]}>`), body: m[2] ?? '' }))
}

describe(`tracking scripts that cannot break a page on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  const made: number[] = []

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterEach(async () => {
    for (const id of made.splice(0)) await admin.del(`/api/admin/scripts/${id}`)
  })
  afterAll(async () => {
    await app?.close()
  })

  const countRows = async () =>
    Number(
      (
        await app.database.db
          .selectFrom('customScript')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const page = async (pathname = '/') => {
    const response = await app.request(pathname)
    expect(response.status).toBe(200)
    return response.text()
  }

  it('refuses a bare text entry with a message naming it, and saves nothing', async () => {
    const before = await countRows()
    for (const script of ['hello world', 'GTM-ABC123 is our container', 'gtag("config","G-1")']) {
      await expectError(
        await admin.post('/api/admin/scripts', {
          name: 'Text',
          position: 'head',
          script,
          consentCategory: 'none',
        }),
        400,
        /^Text outside an element \(".+"\) would show on every page/,
      )
    }
    await expectError(
      await admin.post('/api/admin/scripts', {
        name: 'Open',
        position: 'head',
        script: '<script>track()',
        consentCategory: 'none',
      }),
      400,
      'The <script> element is not closed: add </script>',
    )
    await expectError(
      await admin.post('/api/admin/scripts', {
        name: 'Div',
        position: 'body',
        script: '<div>Banner</div>',
        consentCategory: 'none',
      }),
      400,
      '<div> is not allowed here: use only <script>, <noscript>, <link>, <meta> or <style> elements',
    )
    expect(await countRows()).toBe(before)
    expect(pageText(await page())).not.toContain('hello world')
  })

  it('refuses a change to bare text, keeping the saved script', async () => {
    const row = await created(
      await admin.post('/api/admin/scripts', {
        name: 'Kept',
        position: 'head',
        script: '<script>window.kept=1</script>',
        consentCategory: 'none',
      }),
    )
    made.push(row.id as number)
    await expectError(
      await admin.put(`/api/admin/scripts/${row.id}`, { script: 'window.kept=2' }),
      400,
      /^Text outside/,
    )
    expect((await ok(await admin.get(`/api/admin/scripts/${row.id}`))).script).toBe(
      '<script>window.kept=1</script>',
    )
  })

  it('requires a consent category, and saves nothing without one', async () => {
    const before = await countRows()
    await expectError(
      await admin.post('/api/admin/scripts', {
        name: 'No category',
        position: 'head',
        script: '<script>a()</script>',
      }),
      400,
      CONSENT_CATEGORY_REQUIRED,
    )
    await expectError(
      await admin.post('/api/admin/scripts', {
        name: 'Blank category',
        position: 'head',
        script: '<script>a()</script>',
        consentCategory: '',
      }),
      400,
      CONSENT_CATEGORY_REQUIRED,
    )
    expect(await countRows()).toBe(before)
  })

  it('takes a GTM ID and sends the standard snippet, inert until the category is granted', async () => {
    const row = await created(
      await admin.post('/api/admin/scripts', {
        name: 'GTM',
        position: 'body',
        script: ' gtm-abc123 ',
        consentCategory: 'marketing',
      }),
    )
    made.push(row.id as number)
    expect(row).toMatchObject({ script: 'GTM-ABC123', consentCategory: 'marketing', problem: null })

    for (const pathname of ['/', '/privacy-policy']) {
      const html = await page(pathname)
      expect(pageText(html), pathname).not.toContain('GTM-ABC123')
      const [loader, ...more] = scriptsWith(html, "'dataLayer','GTM-ABC123'")
      expect(more).toEqual([])
      // The consent layer runs it once Marketing is granted; before that the browser ignores it.
      expect(loader?.attrs).toMatchObject({ type: 'text/plain', 'data-consent-category': 'marketing' })
      expect(loader?.body).toContain("'https://www.googletagmanager.com/gtm.js?id='+i+dl")
      const at = html.indexOf("'dataLayer','GTM-ABC123'")
      expect(at).toBeLessThan(html.indexOf('</head>'))
      // The Consent Mode defaults (all denied) come first.
      expect(html.indexOf("gtag('consent','default'")).toBeLessThan(at)
      // The iframe fallback would track visitors without JavaScript before any consent.
      expect(html).not.toContain('ns.html?id=GTM-ABC123')
    }
  })

  it('refuses a vendor ID under a category it cannot run in, on create and on a later change', async () => {
    await expectError(
      await admin.post('/api/admin/scripts', {
        name: 'GA4',
        position: 'head',
        script: 'G-ABC123',
        consentCategory: 'marketing',
      }),
      400,
      'Google Analytics 4 sets analytics cookies: choose the Analytics consent category',
    )
    const row = await created(
      await admin.post('/api/admin/scripts', {
        name: 'GTM',
        position: 'head',
        script: 'GTM-XYZ789',
        consentCategory: 'analytics',
      }),
    )
    made.push(row.id as number)
    await expectError(
      await admin.put(`/api/admin/scripts/${row.id}`, { consentCategory: 'none' }),
      400,
      /^Google Tag Manager is not essential/,
    )
    expect((await ok(await admin.get(`/api/admin/scripts/${row.id}`))).consentCategory).toBe('analytics')
  })

  it('never prints an old invalid row, and lists it with the reason', async () => {
    const rows = await app.database.db
      .insertInto('customScript')
      .values([
        { name: 'Old text', position: 'head', script: 'OLD-STRAY-TEXT-42' },
        { name: 'Old GTM', position: 'body', script: 'GTM-OLD999' },
        { name: 'Old half', position: 'body', script: '<script>window.half=1</script> OLD-TAIL-TEXT' },
      ])
      .returning('id')
      .execute()
    made.push(...rows.map((r) => r.id))
    await app.services.site.changed()

    for (const pathname of ['/', '/evidence', '/thank-you']) {
      const html = await page(pathname)
      for (const text of ['OLD-STRAY-TEXT-42', 'GTM-OLD999', 'OLD-TAIL-TEXT', 'window.half=1']) {
        expect(html, `${text} on ${pathname}`).not.toContain(text)
      }
    }
    const list = (await ok(await admin.get('/api/admin/scripts'))) as unknown as Row[]
    const problems = Object.fromEntries(
      list.filter((r) => String(r.name).startsWith('Old ')).map((r) => [r.name, r.problem]),
    )
    expect(problems).toEqual({
      'Old text': expect.stringMatching(/^Text outside an element \("OLD-STRAY-TEXT-42"\)/),
      'Old GTM': expect.stringMatching(/^Google Tag Manager is not essential/),
      'Old half': expect.stringMatching(/^Text outside an element \("OLD-TAIL-TEXT"\)/),
    })
  })
})
