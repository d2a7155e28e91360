import { createHash } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { islandsLoader } from '../../app/islands/assets.ts'
import { HOME_SCRIPT_BUDGET, pageScripts } from '../../bench/bundle-size.ts'
import { loadIslandAssets } from '../../server/platform/index.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const clientDir = path.resolve('build/client')
const islands = loadIslandAssets(clientDir)

const hashOf = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`

describe(`public pages served with the islands script on ${testDialect} (ADR 0019)`, () => {
  let app: TestApp

  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('the build includes the islands script', () => {
    expect(islands?.entry).toMatch(/^\/assets\/islands-[\w-]+\.js$/)
  })

  it.each(['/', '/privacy-policy', '/evidence', '/cookie-policy', '/thank-you', '/complaints', '/nope'])(
    '%s loads the islands script alone, allowed by the page CSP, and no router client',
    async (page) => {
      const response = await fetch(`${app.baseUrl}${page}`)
      const html = await response.text()
      const entry = islands?.entry as string
      // Loaded after the first paint, never preloaded ahead of it (ADR 0020).
      expect(html).not.toContain('modulepreload')
      // Cached pages are allowed by the loader's hash; uncached ones (the 404) by the nonce.
      const loader = islandsLoader(entry)
      const tag = /<script type="module"(?: nonce="([^"]+)")?>([^<]*)<\/script>/.exec(html)
      expect(tag?.[2]).toBe(loader)
      const csp = response.headers.get('content-security-policy')
      expect(csp).toContain(tag?.[1] ? `'nonce-${tag[1]}'` : hashOf(loader))
      const head = html.slice(0, html.indexOf('</head>'))
      expect(head).toMatch(/<style[^>]*>@layer properties\{/)
      expect(head).toMatch(
        /<link rel="stylesheet" href="\/assets\/[\w-]+\.css" media="print" data-deferred-style=""/,
      )
      expect(head).toMatch(/<noscript><link rel="stylesheet" href="\/assets\/[\w-]+\.css"/)
      expect(html).not.toContain('__reactRouterContext')
      expect(html).not.toMatch(/\/assets\/entry\.client-/)
      expect(html).toContain('data-island="cookie-banner"')
    },
  )

  it('the home page islands carry the props they were rendered with', async () => {
    const html = await (await fetch(`${app.baseUrl}/`)).text()
    const props = (name: string) => {
      const match = new RegExp(`data-island="${name}" data-props="([^"]*)"`).exec(html)
      expect(match, name).not.toBeNull()
      return JSON.parse(
        String(match?.[1] ?? '')
          .replaceAll('&quot;', '"')
          .replaceAll('&amp;', '&'),
      )
    }
    const questionnaire = props('questionnaire')
    expect(questionnaire.initial).toEqual({ step: 0, answers: {}, result: null })
    expect(questionnaire.compliance.freeRouteStatement).toMatch(/Financial Ombudsman/)
    // The FAQ is <details> elements (app/features/blocks/faq.tsx): no island, no script for it.
    expect(html).not.toContain('data-island="faq"')
    expect(html).toMatch(/<details open="" class="group">/)
  })

  it(`the home page's scripts fit the ${HOME_SCRIPT_BUDGET / 1024} KB budget, gzipped`, async () => {
    const html = await (await fetch(`${app.baseUrl}/`)).text()
    const scripts = pageScripts(clientDir, html)
    expect(scripts.files).toContain(islands?.entry)
    expect(scripts.files.some((f) => f.includes('entry.client'))).toBe(false)
    expect(scripts.gzipBytes).toBeLessThanOrEqual(HOME_SCRIPT_BUDGET)
  })

  it('the sign-in page still hydrates with React Router, its stylesheet in the head as it was', async () => {
    const html = await (await fetch(`${app.baseUrl}/api/login`)).text()
    expect(html).not.toContain('data-deferred-style')
    expect(html).toMatch(/<link[^>]* rel="stylesheet" href="\/assets\/[\w-]+\.css"\/>/)
    expect(html).toContain('__reactRouterContext')
    expect(html).not.toContain(islands?.entry as string)
    expect(pageScripts(clientDir, html).files.some((f) => f.includes('entry.client'))).toBe(true)
  })
})
