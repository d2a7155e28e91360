import { describe, expect, it } from 'vitest'
import { scriptInjection } from './script-injection.ts'
import { checkScriptMarkup } from './script-markup.ts'
import { scriptVendors, vendorCategoryProblem, vendorTag } from './script-vendors.ts'

describe('vendorTag', () => {
  it.each([
    ['GTM-ABC123', 'gtm', 'GTM-ABC123'],
    ['  gtm-abc123 \n', 'gtm', 'GTM-ABC123'],
    ['G-1A2B3C4D5E', 'ga4', 'G-1A2B3C4D5E'],
    ['123456789012345', 'meta', '123456789012345'],
    ['1234567890123456', 'meta', '1234567890123456'],
  ])('knows %j', (input, key, id) => {
    expect(vendorTag(input)).toMatchObject({ vendor: { key }, id })
  })

  it.each([
    'GTM-',
    'GTM-AB',
    'G-',
    'UA-12345-1',
    '12345678901234',
    '12345678901234567',
    'GTM-ABC 123',
    'x GTM-ABC123',
  ])('is no tag: %j', (input) => {
    expect(vendorTag(input)).toBeNull()
  })
})

describe('vendor snippets', () => {
  it.each(scriptVendors.map((v) => [v.label, v] as const))(
    '%s: the head snippet and the noscript are whole allowed elements carrying the ID',
    (_label, vendor) => {
      const id = vendor.key === 'meta' ? '123456789012345' : vendor.key === 'gtm' ? 'GTM-ABC123' : 'G-ABC123'
      const head = vendor.head(id)
      expect(checkScriptMarkup(head).ok).toBe(true)
      expect(head).toContain(id)
      if (vendor.noscript) {
        expect(checkScriptMarkup(vendor.noscript(id)).ok).toBe(true)
        expect(vendor.noscript(id)).toContain(id)
      }
    },
  )

  it('uses each vendor’s standard loader', () => {
    expect(vendorTag('GTM-ABC123')?.vendor.head('GTM-ABC123')).toContain(
      "'https://www.googletagmanager.com/gtm.js?id='+i+dl",
    )
    expect(vendorTag('G-ABC123')?.vendor.head('G-ABC123')).toContain(
      '<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123"></script>',
    )
    expect(vendorTag('G-ABC123')?.vendor.head('G-ABC123')).toContain("gtag('config', 'G-ABC123');")
    const meta = vendorTag('123456789012345')?.vendor
    expect(meta?.head('123456789012345')).toContain("fbq('init', '123456789012345');")
    expect(meta?.noscript?.('123456789012345')).toContain(
      'https://www.facebook.com/tr?id=123456789012345&ev=PageView&noscript=1',
    )
  })
})

describe('vendorCategoryProblem', () => {
  it('holds GA4 to analytics and Meta to marketing', () => {
    expect(vendorCategoryProblem('G-ABC123', 'analytics')).toBeNull()
    expect(vendorCategoryProblem('G-ABC123', 'marketing')).toBe(
      'Google Analytics 4 sets analytics cookies: choose the Analytics consent category',
    )
    expect(vendorCategoryProblem('123456789012345', 'marketing')).toBeNull()
    expect(vendorCategoryProblem('123456789012345', 'none')).toBe(
      'Meta Pixel sets marketing cookies: choose the Marketing consent category',
    )
  })

  it('lets Google Tag Manager wait for any category but not run as essential', () => {
    for (const category of ['analytics', 'marketing', 'preferences'] as const) {
      expect(vendorCategoryProblem('GTM-ABC123', category)).toBeNull()
    }
    expect(vendorCategoryProblem('GTM-ABC123', 'none')).toMatch(/^Google Tag Manager is not essential/)
  })

  it('has nothing to say about markup', () => {
    expect(vendorCategoryProblem('<script>a()</script>', 'none')).toBeNull()
  })
})

describe('scriptInjection', () => {
  it('sends a GTM ID as the gated standard snippet in the head, whatever the position', () => {
    const injection = scriptInjection(
      { script: 'GTM-ABC123', position: 'body', consentCategory: 'marketing' },
      'N',
    )
    if (!injection.ok) throw new Error(injection.message)
    expect(injection.gate).toBe('marketing')
    expect(injection.head).toContain('<!-- Google Tag Manager -->')
    expect(injection.head).toContain(
      '<script nonce="N" type="text/plain" data-consent-category="marketing">(function(w,d,s,l,i)',
    )
    expect(injection.bodyEnd).toBe('')
    // The iframe fallback would load for visitors without JavaScript, who have not consented.
    expect(injection.head).not.toContain('<noscript')
    expect(injection.leftOut).toContain('ns.html?id=GTM-ABC123')
  })

  it('gates both GA4 scripts under analytics, keeping async and src', () => {
    const injection = scriptInjection({ script: 'G-ABC123', position: 'head', consentCategory: 'analytics' })
    if (!injection.ok) throw new Error(injection.message)
    expect(injection.head.match(/type="text\/plain" data-consent-category="analytics"/g)).toHaveLength(2)
    expect(injection.head).toContain(' async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123"')
    expect(injection.head).not.toContain('nonce=')
    expect(injection.leftOut).toBeNull()
  })

  it('refuses a vendor ID under the wrong category and a stray text entry', () => {
    expect(
      scriptInjection({ script: 'GTM-ABC123', position: 'head', consentCategory: 'none' }),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Google Tag Manager is not essential/),
    })
    expect(scriptInjection({ script: 'hello', position: 'head', consentCategory: 'none' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Text outside an element/),
    })
    expect(scriptInjection({ script: '<script></script>', position: 'head', consentCategory: 'x' }).ok).toBe(
      false,
    )
  })

  it('puts markup in its position; essential markup is sent as it is, noscript included', () => {
    const markup = '<script>a()</script><noscript><img src="/p.gif"></noscript>'
    expect(scriptInjection({ script: markup, position: 'head', consentCategory: 'none' }, 'N')).toEqual({
      ok: true,
      vendor: null,
      gate: null,
      head: '<script nonce="N">a()</script><noscript><img src="/p.gif"></noscript>',
      bodyEnd: '',
      leftOut: null,
    })
    const body = scriptInjection({ script: markup, position: 'body', consentCategory: 'none' })
    expect(body).toMatchObject({
      head: '',
      bodyEnd: '<script>a()</script><noscript><img src="/p.gif"></noscript>',
    })
  })

  it('leaves a gated entry’s noscript out', () => {
    const injection = scriptInjection({
      script:
        '<script>a()</script>\n<noscript><img src="/p.gif"></noscript>\n<link rel="preconnect" href="/x">',
      position: 'body',
      consentCategory: 'marketing',
    })
    if (!injection.ok) throw new Error(injection.message)
    expect(injection.bodyEnd).toBe(
      '<script type="text/plain" data-consent-category="marketing">a()</script>\n\n<link rel="preconnect" href="/x">',
    )
    expect(injection.leftOut).toBe('<noscript><img src="/p.gif"></noscript>')
  })
})
