import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REDIRECT_HITS_JOB } from '../../server/site/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { attributes, expectScriptsAllowedByHash, parseHead } from '../support/html.ts'
import { created, ok, type Row } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const PUBLIC_URL = 'https://claims.example'
const BOOTSTRAP_MARK = "gtag('consent','default'"
const ACTIVATOR_MARK = 'window.__consentActivate'

/** Every <script …> opening tag, with where it starts. */
function scriptTags(html: string) {
  return [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => ({ tag: m[0], at: m.index }))
}

/** The nonce the Content-Security-Policy header of a response allows. */
function cspNonce(response: Response): string {
  const csp = response.headers.get('content-security-policy') ?? ''
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
  expect(nonce, `nonce in ${csp}`).toBeTruthy()
  return nonce as string
}

/** Where a marker is in the HTML; fails the test if it is not there exactly once. */
function onlyAt(html: string, marker: string): number {
  const first = html.indexOf(marker)
  expect(first, `${marker} in the page`).toBeGreaterThanOrEqual(0)
  expect(html.indexOf(marker, first + 1), `${marker} a second time`).toBe(-1)
  return first
}

/** The whole <script …>…</script> element whose opening tag holds `marker`. */
function scriptElement(html: string, marker: string) {
  const at = onlyAt(html, marker)
  const start = html.lastIndexOf('<script', at)
  const end = html.indexOf('</script>', at) + '</script>'.length
  expect(start).toBeGreaterThanOrEqual(0)
  const element = html.slice(start, end)
  return { start, end, element, tag: element.slice(0, element.indexOf('>') + 1) }
}

const publicPaths = ['/', '/privacy-policy', '/evidence', '/cookie-policy', '/thank-you', '/delivery-guide']
const adminPaths = ['/admin', '/api/login', '/forgot-password']

describe(`public delivery of scripts, head, robots.txt, sitemap.xml and CMS pages on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient

  beforeAll(async () => {
    app = await startTestApp({ publicUrl: PUBLIC_URL })
    admin = await createSignedInAdmin(app, { role: 'admin' })
    await created(
      await admin.post('/api/admin/pages', {
        title: 'Delivery guide',
        slug: 'delivery-guide',
        content: '<p>Guide body</p>',
        isPublished: true,
      }),
    )
  })
  afterAll(async () => {
    await app?.close()
  })

  async function getPage(pathname: string, status = 200, init?: RequestInit) {
    const response = await app.request(pathname, init)
    expect(response.status, pathname).toBe(status)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const csp = response.headers.get('content-security-policy') ?? ''
    return { html: await response.text(), csp, response }
  }

  async function createScript(body: Row): Promise<number> {
    const row = await created(
      await admin.post('/api/admin/scripts', { name: 'Test script', consentCategory: 'none', ...body }),
    )
    return row.id as number
  }

  async function setSetting(key: string, value: string | null) {
    await ok(await admin.post('/api/admin/settings', { key, value }))
  }

  describe('custom scripts', () => {
    const ids: number[] = []

    beforeAll(async () => {
      ids.push(
        await createScript({ position: 'head', script: '<script data-probe="head-1">window.h1=1</script>' }),
        await createScript({ position: 'body', script: '<script data-probe="body-1">window.b1=1</script>' }),
        await createScript({
          position: 'head',
          script: '<script data-probe="head-2" src="https://cdn.example/h2.js" async></script>',
        }),
        await createScript({
          position: 'head',
          script: '<script data-probe="inactive-1">window.off=1</script>',
          isActive: false,
        }),
        await createScript({
          position: 'body',
          consentCategory: 'marketing',
          script:
            '<script data-probe="body-marketing" async src="https://ads.example/m.js" type="module"></script>',
        }),
      )
    })
    afterAll(async () => {
      for (const id of ids) await admin.del(`/api/admin/scripts/${id}`)
    })

    it.each(publicPaths)('puts the active scripts in their places on %s', async (pathname) => {
      const { html } = await getPage(pathname)
      const headEnd = onlyAt(html, '</head>')
      const bodyEnd = onlyAt(html, '</body>')
      const bodyStart = html.indexOf('<body')

      // The Consent Mode bootstrap is the first script of the document, in the head.
      const [first] = scriptTags(html)
      const bootstrap = scriptElement(html, BOOTSTRAP_MARK)
      expect(first?.at).toBe(bootstrap.start)
      expect(bootstrap.start).toBeLessThan(headEnd)

      // Head scripts: after the bootstrap, in id order, right before </head>.
      const head1 = scriptElement(html, 'data-probe="head-1"')
      const head2 = scriptElement(html, 'data-probe="head-2"')
      expect(head1.start).toBeGreaterThan(bootstrap.end)
      expect(html.slice(head1.end, head2.start)).toMatch(/^\s*$/)
      // An external script is sent inert, followed at once by the loader that inserts it.
      expect(html.slice(head2.end, headEnd)).toMatch(
        /^<script>\(function\(c\)[\s\S]*?\(document\.currentScript\)<\/script>\s*$/,
      )
      expect(head2.element).toContain('></script>')

      // Body scripts: in the body, in id order, right before </body> but for the consent activator.
      const body1 = scriptElement(html, 'data-probe="body-1"')
      const marketing = scriptElement(html, 'data-probe="body-marketing"')
      expect(body1.start).toBeGreaterThan(bodyStart)
      expect(bodyStart).toBeGreaterThan(headEnd)
      expect(html.slice(body1.end, marketing.start)).toMatch(/^\s*$/)
      const activator = scriptElement(html, ACTIVATOR_MARK)
      expect(html.slice(marketing.end, activator.start)).toMatch(/^\s*$/)
      expect(html.slice(activator.end, bodyEnd)).toMatch(/^\s*$/)

      expect(html).toContain('window.h1=1</script>')
      expect(html).toContain('window.b1=1</script>')
      expect(html).not.toContain('inactive-1')
      expect(html).not.toContain('window.off=1')
    })

    it.each(adminPaths)('never puts scripts, the bootstrap or the activator on %s', async (pathname) => {
      for (const cookie of [undefined, admin.cookie]) {
        const response = await app.request(pathname, cookie ? { headers: { cookie } } : undefined)
        const html = await response.text()
        if (response.status === 200) expect(html).toMatch(/<\/head>/)
        for (const marker of ['data-probe=', 'window.h1', 'window.b1', BOOTSTRAP_MARK, ACTIVATOR_MARK])
          expect(html, `${pathname} ${cookie ? 'signed in' : 'signed out'}`).not.toContain(marker)
      }
      const signedIn = await app.request(pathname, { headers: { cookie: admin.cookie } })
      expect([200, 302, 303]).toContain(signedIn.status)
    })

    // Regression (was a bug): GET /ADMIN (likewise /Admin, /%61dmin, /API/login, /Forgot-Password, /Reset-Password)
    // renders the admin dashboard or sign-in screen, as Express and React Router match paths without
    // regard to case or percent-encoding, but isAdminPath (core/paths.ts) and securityHeaders compare
    // the raw path case-sensitively: the answer carries the operator's custom scripts, the Consent
    // Mode bootstrap and the public CSP (frame-ancestors 'self'). Expected: as on /admin, none of them.
    // Upper-case spellings are now sent to the lower-case path (ADR 0025) before anything renders.
    it.each(['/ADMIN', '/Admin', '/Forgot-Password', '/Reset-Password'])(
      'sends %s to its lower-case path without rendering it',
      async (pathname) => {
        const response = await app.request(pathname, { redirect: 'manual' })
        expect(response.status).toBe(301)
        expect(response.headers.get('location')).toBe(pathname.toLowerCase())
        const html = await response.text()
        expect(html).not.toContain('data-probe=')
        expect(html).not.toContain(BOOTSTRAP_MARK)
      },
    )

    it.each(['/%61dmin', '/API/login'])('never puts scripts on the admin screen at %s', async (pathname) => {
      const response = await app.request(pathname)
      const html = await response.text()
      expect(response.status).toBe(200)
      expect(html).toMatch(/Admin Dashboard|Sign in|Forgot password|Choose a new password/)
      expect(html).not.toContain('data-probe=')
      expect(html).not.toContain(BOOTSTRAP_MARK)
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    })

    it('renders the admin dashboard for a signed-in admin without any custom script', async () => {
      const { html } = await getPage('/admin', 200, { headers: { cookie: admin.cookie } })
      expect(html).toContain('</head>')
      expect(html).not.toContain('data-probe=')
      expect(html).not.toContain(BOOTSTRAP_MARK)
    })

    it.each(publicPaths)(
      'allows exactly the scripts of %s by their hashes, the same policy on every request',
      async (pathname) => {
        const first = await getPage(pathname)
        const second = await getPage(pathname)
        expect(second.csp).toBe(first.csp)
        expectScriptsAllowedByHash(first.html, first.csp)
        expect(scriptTags(first.html).length).toBeGreaterThanOrEqual(6)
        expect(first.html).not.toContain('__CSP_NONCE__')
      },
    )

    it('gives every script of a page that is not cached (a 404) the nonce of its response, a new one each time', async () => {
      const first = await getPage('/no-such-page', 404)
      const second = await getPage('/no-such-page', 404)
      const nonces = [cspNonce(first.response), cspNonce(second.response)]
      expect(nonces[0]).not.toBe(nonces[1])
      for (const [i, { html }] of [first, second].entries()) {
        const tags = scriptTags(html)
        expect(tags.length).toBeGreaterThanOrEqual(2)
        for (const { tag } of tags) expect(attributes(tag).nonce, tag).toBe(nonces[i])
        expect(html).not.toContain('__CSP_NONCE__')
      }
    })

    it.each(adminPaths)('gives every script on %s the nonce of its response', async (pathname) => {
      const response = await app.request(pathname)
      expect(response.status).toBe(200)
      const nonce = cspNonce(response)
      const tags = scriptTags(await response.text())
      expect(tags.length).toBeGreaterThan(0)
      for (const { tag } of tags) expect(attributes(tag).nonce, tag).toBe(nonce)
    })

    it('sends a marketing script inert, keeping its attributes and its type', async () => {
      const { html } = await getPage('/')
      const { tag } = scriptElement(html, 'data-probe="body-marketing"')
      const attrs = attributes(tag)
      expect(attrs).toMatchObject({
        type: 'text/plain',
        'data-consent-category': 'marketing',
        'data-consent-type': 'module',
        src: 'https://ads.example/m.js',
      })
      expect(attrs.nonce).toBeUndefined()
      expect(tag).toMatch(/\sasync[\s>]/)
      expect(tag.match(/\stype=/g)).toHaveLength(1)
      // An external script without a category waits for no consent: the loader after it inserts it.
      const head2 = attributes(scriptElement(html, 'data-probe="head-2"').tag)
      expect(head2.type).toBe('text/plain')
      expect(head2['data-consent-category']).toBeUndefined()
      expect(head2.src).toBe('https://cdn.example/h2.js')
      expect(scriptElement(html, 'data-probe="head-2"').tag).toContain(' data-csp-external')
    })

    it('keeps id order when an earlier script is edited later', async () => {
      await ok(
        await admin.put(`/api/admin/scripts/${ids[0]}`, {
          script: '<script data-probe="head-1">window.h1=2</script>',
        }),
      )
      const { html } = await getPage('/evidence')
      expect(html).toContain('window.h1=2</script>')
      const head1 = scriptElement(html, 'data-probe="head-1"')
      const head2 = scriptElement(html, 'data-probe="head-2"')
      expect(head1.start).toBeLessThan(head2.start)
    })

    it('applies a create, a deactivation, a reactivation and a delete on the next request', async () => {
      const id = await createScript({
        position: 'body',
        script: '<script data-probe="live">window.live=1</script>',
      })
      for (const pathname of ['/', '/delivery-guide']) {
        expect((await getPage(pathname)).html, pathname).toContain('data-probe="live"')
      }

      const off = await ok(await admin.put(`/api/admin/scripts/${id}`, { isActive: false }))
      expect(off.isActive).toBe(false)
      for (const pathname of ['/', '/delivery-guide']) {
        expect((await getPage(pathname)).html, pathname).not.toContain('data-probe="live"')
      }

      await ok(await admin.put(`/api/admin/scripts/${id}`, { isActive: true }))
      expect((await getPage('/')).html).toContain('data-probe="live"')

      await ok(await admin.put(`/api/admin/scripts/${id}`, { position: 'head' }))
      const { html } = await getPage('/')
      expect(scriptElement(html, 'data-probe="live"').start).toBeLessThan(html.indexOf('</head>'))

      await ok(await admin.del(`/api/admin/scripts/${id}`))
      for (const pathname of ['/', '/delivery-guide']) {
        expect((await getPage(pathname)).html, pathname).not.toContain('data-probe="live"')
      }
    })
  })

  describe('the head from settings', () => {
    const settings = {
      site_description: 'Settings description',
      site_keywords: 'settings, keywords',
      og_title: 'Settings OG title',
      og_description: 'Settings OG description',
      og_image: 'https://claims.example/og.png',
      favicon_url: 'https://claims.example/favicon-custom.ico',
    }

    beforeAll(async () => {
      for (const [key, value] of Object.entries(settings)) await setSetting(key, value)
    })
    afterAll(async () => {
      for (const key of Object.keys(settings)) await setSetting(key, null)
    })

    it('fills a bare page’s head from the settings', async () => {
      await created(
        await admin.post('/api/admin/pages', { title: 'Bare page', slug: 'bare-page', isPublished: true }),
      )
      const head = parseHead((await getPage('/bare-page')).html)
      expect(head.titles).toEqual(['Bare page'])
      expect(head.description).toBe(settings.site_description)
      expect(head.keywords).toBe(settings.site_keywords)
      expect(head.ogTitle).toBe(settings.og_title)
      expect(head.ogDescription).toBe(settings.og_description)
      expect(head.ogImage).toBe(settings.og_image)
      expect(head.icons).toContain(settings.favicon_url)
      expect(head.canonical).toBe(`${PUBLIC_URL}/bare-page`)
      expect(head.ogUrl).toBe(`${PUBLIC_URL}/bare-page`)
    })

    it('lets a page’s own values win over the settings', async () => {
      const own = {
        title: 'Own page',
        slug: 'own-page',
        metaDescription: 'Own description',
        metaKeywords: 'own, keywords',
        ogTitle: 'Own OG title',
        ogDescription: 'Own OG description',
        isPublished: true,
      }
      await created(await admin.post('/api/admin/pages', own))
      const head = parseHead((await getPage('/own-page')).html)
      expect(head.titles).toEqual([own.title])
      expect(head.description).toBe(own.metaDescription)
      expect(head.keywords).toBe(own.metaKeywords)
      expect(head.ogTitle).toBe(own.ogTitle)
      expect(head.ogDescription).toBe(own.ogDescription)
      // A page has no image of its own: the site's.
      expect(head.ogImage).toBe(settings.og_image)
      expect(head.icons).toContain(settings.favicon_url)
    })

    it('uses the settings on system pages only where the record is empty', async () => {
      let head = parseHead((await getPage('/evidence')).html)
      expect(head.description).not.toBe(settings.site_description)
      expect(head.ogTitle).not.toBe(settings.og_title)
      expect(head.ogImage).toBe(settings.og_image)
      expect(head.icons).toContain(settings.favicon_url)

      const pages = (await ok(await admin.get('/api/admin/pages'))) as unknown as Row[]
      const evidence = pages.find((p) => p.slug === 'evidence')
      const original = await ok(await admin.get(`/api/admin/pages/${evidence?.id}`))
      try {
        await ok(
          await admin.put(`/api/admin/pages/${evidence?.id}`, {
            metaDescription: null,
            metaKeywords: null,
            ogTitle: null,
            ogDescription: null,
          }),
        )
        head = parseHead((await getPage('/evidence')).html)
        expect(head.title).toBe(original.title)
        expect(head.description).toBe(settings.site_description)
        expect(head.keywords).toBe(settings.site_keywords)
        expect(head.ogTitle).toBe(settings.og_title)
        expect(head.ogDescription).toBe(settings.og_description)
      } finally {
        await ok(
          await admin.put(`/api/admin/pages/${evidence?.id}`, {
            metaDescription: original.metaDescription,
            metaKeywords: original.metaKeywords,
            ogTitle: original.ogTitle,
            ogDescription: original.ogDescription,
          }),
        )
      }
      expect(parseHead((await getPage('/evidence')).html).description).toBe(original.metaDescription)
    })

    it('follows a change of a setting on the next request', async () => {
      await setSetting('favicon_url', '/icons/next.png')
      await setSetting('site_keywords', 'next, words')
      const head = parseHead((await getPage('/bare-page')).html)
      expect(head.icons).toContain('/icons/next.png')
      expect(head.icons).not.toContain(settings.favicon_url)
      expect(head.keywords).toBe('next, words')
      await setSetting('favicon_url', settings.favicon_url)
      await setSetting('site_keywords', settings.site_keywords)
    })

    it('takes the thank-you title and description from its setting', async () => {
      const response = await ok(await admin.get('/api/admin/settings'))
      const original = (response as unknown as Row[]).find((s) => s.key === 'thank-you')?.value as string
      try {
        await setSetting(
          'thank-you',
          JSON.stringify({ title: 'Thanks a lot', metaDescription: 'We will ring you.' }),
        )
        const head = parseHead((await getPage('/thank-you')).html)
        expect(head.titles).toEqual(['Thanks a lot'])
        expect(head.description).toBe('We will ring you.')
        expect(head.ogTitle).toBe(settings.og_title)
        expect(head.ogDescription).toBe(settings.og_description)
        expect(head.keywords).toBe(settings.site_keywords)
        expect(head.robots).toBe('noindex')
      } finally {
        await setSetting('thank-you', original)
      }
      expect(parseHead((await getPage('/thank-you')).html).title).toBe(JSON.parse(original).title)
    })

    it('drops the settings’ tags once the settings are cleared', async () => {
      for (const key of Object.keys(settings)) await setSetting(key, null)
      try {
        const head = parseHead((await getPage('/bare-page')).html)
        expect(head.title).toBe('Bare page')
        expect(head.description).toBe('')
        expect(head.keywords).toBeUndefined()
        expect(head.ogTitle).toBe('Bare page')
        expect(head.ogImage).toBeUndefined()
        expect(head.icons).not.toContain(settings.favicon_url)
      } finally {
        for (const [key, value] of Object.entries(settings)) await setSetting(key, value)
      }
    })
  })

  describe('robots.txt and sitemap.xml', () => {
    it('serves the default robots.txt', async () => {
      const response = await app.request('/robots.txt')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
      expect(await response.text()).toBe('User-agent: *\nDisallow: /\n')
    })

    it('serves a changed robots_txt setting on the next request', async () => {
      const robots = 'User-agent: *\nAllow: /\nSitemap: https://claims.example/sitemap.xml'
      try {
        await setSetting('robots_txt', robots)
        expect(await (await app.request('/robots.txt')).text()).toBe(`${robots}\n`)
      } finally {
        await setSetting('robots_txt', 'User-agent: *\nDisallow: /')
      }
      expect(await (await app.request('/robots.txt')).text()).toBe('User-agent: *\nDisallow: /\n')
    })

    it('lists the published pages at the public URL with their last change, and no drafts', async () => {
      const published = await created(
        await admin.post('/api/admin/pages', { title: 'Mapped', slug: 'mapped-page', isPublished: true }),
      )
      await created(await admin.post('/api/admin/pages', { title: 'Draft', slug: 'draft-unmapped' }))
      const response = await app.request('/sitemap.xml')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^application\/xml/)
      const xml = await response.text()
      expect(xml).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org/,
      )
      const entries = [...xml.matchAll(/<url><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod><\/url>/g)]
      const locs = entries.map((m) => m[1])
      expect(xml.match(/<url>/g)).toHaveLength(entries.length)
      for (const loc of [
        `${PUBLIC_URL}/`,
        `${PUBLIC_URL}/privacy-policy`,
        `${PUBLIC_URL}/evidence`,
        `${PUBLIC_URL}/cookie-policy`,
        `${PUBLIC_URL}/delivery-guide`,
        `${PUBLIC_URL}/mapped-page`,
      ])
        expect(locs).toContain(loc)
      expect(locs).not.toContain(`${PUBLIC_URL}/draft-unmapped`)
      expect(xml).not.toContain('draft-unmapped')
      expect(xml).not.toContain('127.0.0.1')
      for (const [, , lastmod] of entries)
        expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
      const mapped = entries.find((m) => m[1] === `${PUBLIC_URL}/mapped-page`)
      expect(mapped?.[2]).toBe(new Date(published.updatedAt as string).toISOString())
    })

    it('takes a page out of the sitemap once it is unpublished', async () => {
      const page = await created(
        await admin.post('/api/admin/pages', {
          title: 'Short-lived',
          slug: 'short-lived',
          isPublished: true,
        }),
      )
      expect(await (await app.request('/sitemap.xml')).text()).toContain(`${PUBLIC_URL}/short-lived<`)
      await ok(await admin.put(`/api/admin/pages/${page.id}`, { isPublished: false }))
      expect(await (await app.request('/sitemap.xml')).text()).not.toContain('short-lived')
    })
  })

  describe('CMS pages', () => {
    it('serves a published page with its own head and content', async () => {
      await created(
        await admin.post('/api/admin/pages', {
          title: 'Claims explained',
          slug: 'claims-explained',
          metaDescription: 'What a claim involves',
          metaKeywords: 'claims, explained',
          ogTitle: 'Claims explained (OG)',
          ogDescription: 'A short guide (OG)',
          content: '<h2>Step one</h2><p>Gather your <strong>agreement</strong>.</p>',
          isPublished: true,
        }),
      )
      const { html } = await getPage('/claims-explained')
      const head = parseHead(html)
      expect(head.titles).toEqual(['Claims explained'])
      expect(head.description).toBe('What a claim involves')
      expect(head.keywords).toBe('claims, explained')
      expect(head.ogTitle).toBe('Claims explained (OG)')
      expect(head.ogDescription).toBe('A short guide (OG)')
      expect(head.canonical).toBe(`${PUBLIC_URL}/claims-explained`)
      expect(head.robots).toBeUndefined()
      expect(html).toContain('<h2>Step one</h2><p>Gather your <strong>agreement</strong>.</p>')
    })

    it('answers 404 for a draft, and serves it once published', async () => {
      const page = await created(
        await admin.post('/api/admin/pages', {
          title: 'Secret draft',
          slug: 'secret-draft',
          content: '<p>draft words</p>',
          isPublished: false,
        }),
      )
      const { html } = await getPage('/secret-draft', 404)
      expect(html).not.toContain('draft words')
      expect(parseHead(html).robots).toBe('noindex')

      await ok(await admin.put(`/api/admin/pages/${page.id}`, { isPublished: true }))
      expect((await getPage('/secret-draft')).html).toContain('draft words')
      await ok(await admin.put(`/api/admin/pages/${page.id}`, { isPublished: false }))
      expect((await getPage('/secret-draft', 404)).html).not.toContain('draft words')
    })

    it('answers 404 for an unknown slug, and for a deleted page', async () => {
      const { html } = await getPage('/no-such-cms-page', 404)
      expect(html).toContain('404')
      const page = await created(
        await admin.post('/api/admin/pages', { title: 'Gone soon', slug: 'gone-soon', isPublished: true }),
      )
      await getPage('/gone-soon')
      await ok(await admin.del(`/api/admin/pages/${page.id}`))
      await getPage('/gone-soon', 404)
    })

    it('serves hostile HTML content without anything that runs', async () => {
      await created(
        await admin.post('/api/admin/pages', {
          title: 'Hostile',
          slug: 'hostile-content',
          isPublished: true,
          content:
            '<p>Hi</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>' +
            '<iframe src="https://evil.example/"></iframe><iframe src="https://www.youtube.com/embed/abc"></iframe>',
        }),
      )
      const { html, csp } = await getPage('/hostile-content')
      expect(html).toContain('<p>Hi</p>')
      expect(html).toContain(
        '<iframe src="https://www.youtube.com/embed/abc" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
      )
      expect(html).not.toContain('alert(1)')
      expect(html).not.toMatch(/\sonerror\s*=/i)
      expect(html).not.toMatch(/javascript:/i)
      expect(html).not.toContain('evil.example')
      expect(html.match(/<iframe\b/g)).toHaveLength(1)
      expectScriptsAllowedByHash(html, csp)
    })

    it('renders structured content: the heading and bold text, not the script', async () => {
      await created(
        await admin.post('/api/admin/pages', {
          title: 'Built page',
          slug: 'built-page',
          isPublished: true,
          content: {
            sections: [
              {
                id: 's1',
                widgets: [
                  { id: 'w', type: 'heading', content: { text: 'Hello', level: 2 } },
                  { type: 'text', content: { text: '<b>Bold</b><script>x</script>' } },
                ],
              },
            ],
          },
        }),
      )
      const { html, csp } = await getPage('/built-page')
      expect(html).toMatch(
        /<section data-section-id="s1"[^>]*><div data-widget-id="w"[^>]*><h2>Hello<\/h2><\/div><div data-widget-id="w2"[^>]*><div><b>Bold<\/b><\/div><\/div><\/section>/,
      )
      expect(html).not.toContain('<script>x</script>')
      expect(html).not.toMatch(/<script>x/)
      expectScriptsAllowedByHash(html, csp)
    })

    it('shows a changed title and content on the next request', async () => {
      const page = await created(
        await admin.post('/api/admin/pages', {
          title: 'First title',
          slug: 'changing-page',
          content: '<p>first body</p>',
          isPublished: true,
        }),
      )
      expect(parseHead((await getPage('/changing-page')).html).title).toBe('First title')
      await ok(
        await admin.put(`/api/admin/pages/${page.id}`, {
          title: 'Second title',
          content: '<p>second body</p>',
        }),
      )
      const { html } = await getPage('/changing-page')
      expect(parseHead(html).title).toBe('Second title')
      expect(html).toContain('<p>second body</p>')
      expect(html).not.toContain('first body')
    })
  })
})

describe(`two app instances on one ${testDialect} database`, () => {
  let a: TestApp
  let b: TestApp
  let admin: AdminClient

  beforeAll(async () => {
    a = await startTestApp()
    b = await startTestApp({}, { database: a.database })
    admin = await createSignedInAdmin(a, { role: 'admin' })
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  const location = async (app: TestApp, pathname: string) => {
    const response = await app.request(pathname)
    await response.arrayBuffer()
    return `${response.status} ${response.headers.get('location') ?? ''}`
  }
  const text = async (app: TestApp, pathname: string) => (await app.request(pathname)).text()
  const title = async (app: TestApp, pathname: string) =>
    /<title>([^<]*)<\/title>/.exec(await text(app, pathname))?.[1]

  it('shares one database', async () => {
    expect(b.database.url).toBe(a.database.url)
    expect(b.baseUrl).not.toBe(a.baseUrl)
  })

  it('puts a new redirect in force on A at once and on B within the revision check', async () => {
    // Both instances hold a snapshot from before the change.
    expect(await location(a, '/two-old')).toBe('404 ')
    expect(await location(b, '/two-old')).toBe('404 ')
    await ok(
      await admin.post('/api/admin/redirects', { name: 'Two', fromUrl: '/two-old', toUrl: '/two-new' }),
      201,
    )
    expect(await location(a, '/two-old')).toBe('301 /two-new')
    await expect.poll(() => location(b, '/two-old'), { timeout: 5000, interval: 100 }).toBe('301 /two-new')
  })

  it('puts a changed setting in force on both', async () => {
    expect(await text(b, '/robots.txt')).toBe('User-agent: *\nDisallow: /\n')
    await ok(await admin.post('/api/admin/settings', { key: 'robots_txt', value: 'User-agent: *\nAllow: /' }))
    expect(await text(a, '/robots.txt')).toBe('User-agent: *\nAllow: /\n')
    await expect
      .poll(() => text(b, '/robots.txt'), { timeout: 5000, interval: 100 })
      .toBe('User-agent: *\nAllow: /\n')
  })

  it('puts a new script in force on both', async () => {
    expect(await text(b, '/')).not.toContain('data-probe="shared"')
    const script = await ok(
      await admin.post('/api/admin/scripts', {
        name: 'Shared',
        position: 'head',
        script: '<script data-probe="shared">window.shared=1</script>',
        consentCategory: 'none',
      }),
      201,
    )
    expect(await text(a, '/')).toContain('data-probe="shared"')
    await expect.poll(() => text(b, '/'), { timeout: 5000, interval: 100 }).toContain('data-probe="shared"')

    await ok(await admin.put(`/api/admin/scripts/${script.id}`, { isActive: false }))
    expect(await text(a, '/')).not.toContain('data-probe="shared"')
    await expect
      .poll(() => text(b, '/'), { timeout: 5000, interval: 100 })
      .not.toContain('data-probe="shared"')
  })

  it('puts a changed page title in force on both', async () => {
    const pages = (await ok(await admin.get('/api/admin/pages'))) as unknown as Row[]
    const home = pages.find((p) => p.slug === 'home')
    const before = await title(b, '/')
    expect(before).not.toBe('Shared new title')
    await ok(await admin.put(`/api/admin/pages/${home?.id}`, { title: 'Shared new title' }))
    expect(await title(a, '/')).toBe('Shared new title')
    await expect.poll(() => title(b, '/'), { timeout: 5000, interval: 100 }).toBe('Shared new title')
    const apiPage = await (await b.request('/api/pages/home')).json()
    expect(apiPage.title).toBe('Shared new title')
  })

  it('counts redirect hits made on either instance', async () => {
    const rule = await ok(
      await admin.post('/api/admin/redirects', { name: 'Counted', fromUrl: '/two-count', toUrl: '/x' }),
      201,
    )
    await expect.poll(() => location(b, '/two-count'), { timeout: 5000, interval: 100 }).toBe('301 /x')
    await a.services.jobs.run(REDIRECT_HITS_JOB)
    await b.services.jobs.run(REDIRECT_HITS_JOB)
    const start = (await ok(await admin.get(`/api/admin/redirects/${rule.id}`))).hitCount as number
    for (let i = 0; i < 3; i++) await location(a, '/two-count')
    for (let i = 0; i < 4; i++) await location(b, '/two-count')
    await a.services.jobs.run(REDIRECT_HITS_JOB)
    await b.services.jobs.run(REDIRECT_HITS_JOB)
    expect((await ok(await admin.get(`/api/admin/redirects/${rule.id}`))).hitCount).toBe(start + 7)
  })
})
