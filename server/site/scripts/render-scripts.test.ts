import { describe, expect, it } from 'vitest'
import { NONCE_PLACEHOLDER } from '../../platform/index.ts'
import { prepareScript, renderScripts, type ScriptRecord } from './render-scripts.ts'

const NONCE = `nonce="${NONCE_PLACEHOLDER}"`

function record(script: string, extra: Partial<ScriptRecord> = {}): ScriptRecord {
  return { id: 1, script, position: 'head', consentCategory: 'none', ...extra }
}
const prepare = (script: string, consentCategory = 'none') =>
  prepareScript(record(script, { consentCategory }))

/** Every <script …> opening tag of some markup. */
const openings = (html: string) => [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0])

describe('prepareScript', () => {
  it('gives every <script> the nonce placeholder, whatever its case and layout', () => {
    const html = prepare(
      '<script>one()</script>\n<SCRIPT src="/two.js"></SCRIPT><Script\nasync\nsrc="/three.js"></Script>',
    )
    const tags = openings(html)
    expect(tags).toHaveLength(3)
    for (const tag of tags) expect(tag.match(/\bnonce=/gi)).toEqual(['nonce='])
    expect(tags[0]).toBe(`<script ${NONCE}>`)
    expect(tags[1]).toBe(`<script ${NONCE} src="/two.js">`)
    expect(tags[2]).toBe(`<script ${NONCE}\nasync\nsrc="/three.js">`)
    expect(html).toContain('one()</script>')
    expect(html).toContain('</SCRIPT>')
  })

  it.each([
    ['double-quoted', '<script nonce="abc123" src="/a.js"></script>'],
    ['single-quoted', '<script nonce=\'abc123\' src="/a.js"></script>'],
    ['unquoted', '<script nonce=abc123 src="/a.js"></script>'],
    ['upper-case', '<script NONCE = "abc123" src="/a.js"></script>'],
  ])('replaces an existing %s nonce', (_label, script) => {
    const html = prepare(script)
    expect(html).toBe(`<script ${NONCE} src="/a.js"></script>`)
    expect(html).not.toContain('abc123')
  })

  it('leaves the type of an ungated script alone', () => {
    expect(prepare('<script type="module" src="/m.js"></script>')).toBe(
      `<script ${NONCE} type="module" src="/m.js"></script>`,
    )
    expect(prepare('<script type="application/ld+json">{"@type":"Organization"}</script>')).toBe(
      `<script ${NONCE} type="application/ld+json">{"@type":"Organization"}</script>`,
    )
  })

  it.each(['analytics', 'marketing', 'preferences'])(
    'sends a %s script inert, with its category and other attributes',
    (category) => {
      const html = prepare(
        '<script async src="https://tags.example/t.js" id="tag" data-id="G-1" defer></script>',
        category,
      )
      const [tag] = openings(html)
      expect(openings(html)).toHaveLength(1)
      expect(tag).toContain(NONCE)
      expect(tag).toContain('type="text/plain"')
      expect(tag).toContain(`data-consent-category="${category}"`)
      expect(tag).not.toContain('data-consent-type')
      for (const attribute of [
        ' async',
        'src="https://tags.example/t.js"',
        'id="tag"',
        'data-id="G-1"',
        ' defer',
      ])
        expect(tag).toContain(attribute)
      expect(tag?.match(/\stype=/g)).toHaveLength(1)
    },
  )

  it.each([
    ['double-quoted', '<script type="module" src="/m.js"></script>', 'module'],
    ['single-quoted', "<script type='text/javascript'>go()</script>", 'text/javascript'],
    ['unquoted', '<script type=module async src="/m.js"></script>', 'module'],
    ['upper-case', '<script TYPE="module" src="/m.js"></script>', 'module'],
  ])('keeps a gated script’s %s type in data-consent-type', (_label, script, original) => {
    const html = prepare(script, 'marketing')
    const [tag] = openings(html)
    expect(tag).toContain(`data-consent-type="${original}"`)
    expect(tag).toContain('type="text/plain"')
    expect(tag?.match(/\stype=/gi)).toHaveLength(1)
    expect(tag).toContain(NONCE)
  })

  it('escapes a quote in the original type', () => {
    const [tag] = openings(prepare(`<script type='a"b'></script>`, 'analytics'))
    expect(tag).toContain('data-consent-type="a&quot;b"')
  })

  it('keeps the body of an inline gated script', () => {
    const html = prepare("<script>gtag('config', 'G-1')</script>", 'analytics')
    expect(html).toBe(
      `<script ${NONCE} type="text/plain" data-consent-category="analytics">gtag('config', 'G-1')</script>`,
    )
  })

  it('does not take data-type for the type of a gated script', () => {
    const [tag] = openings(prepare('<script data-type="x" src="/a.js"></script>', 'marketing'))
    expect(tag).toContain('data-type="x"')
    expect(tag).not.toContain('data-consent-type')
  })

  it('gates every script of a record and replaces their nonces', () => {
    const html = prepare(
      '<script nonce="old">a()</script><script type="module" src="/b.js"></script>',
      'marketing',
    )
    const tags = openings(html)
    expect(tags).toHaveLength(2)
    for (const tag of tags) {
      expect(tag).toContain(NONCE)
      expect(tag).toContain('data-consent-category="marketing"')
    }
    expect(html).not.toContain('old')
  })

  it('leaves markup other than <script> tags untouched', () => {
    const markup =
      '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-1" height="0" width="0" ' +
      'style="display:none;visibility:hidden"></iframe></noscript>\n<img src="/px.gif" alt="">' +
      '<link rel="preconnect" href="https://tags.example"><meta name="x" content="script">'
    expect(prepare(markup)).toBe(markup)
    expect(prepare(markup, 'marketing')).toBe(markup)
    const mixed = prepare(`<script src="/a.js"></script>${markup}`, 'analytics')
    expect(mixed.endsWith(markup)).toBe(true)
    expect(openings(mixed)).toHaveLength(1)
  })
})

describe('renderScripts', () => {
  it('puts head and body scripts apart, in id order whatever the input order', () => {
    const rendered = renderScripts([
      record('<script>h3()</script>', { id: 3 }),
      record('<script>b2()</script>', { id: 2, position: 'body' }),
      record('<script>h1()</script>', { id: 1 }),
      record('<script>b10()</script>', { id: 10, position: 'body' }),
      record('<script>h20()</script>', { id: 20 }),
    ])
    expect(rendered.head).toBe(
      [
        `<script ${NONCE}>h1()</script>`,
        `<script ${NONCE}>h3()</script>`,
        `<script ${NONCE}>h20()</script>`,
      ].join('\n'),
    )
    expect(rendered.body).toBe(
      [`<script ${NONCE}>b2()</script>`, `<script ${NONCE}>b10()</script>`].join('\n'),
    )
  })

  it('answers empty markup when there are no scripts for a position', () => {
    expect(renderScripts([])).toEqual({ head: '', body: '' })
    expect(renderScripts([record('<script>h()</script>')]).body).toBe('')
  })

  it('does not change the input', () => {
    const input = [record('<script>b()</script>', { id: 2 }), record('<script>a()</script>', { id: 1 })]
    renderScripts(input)
    expect(input.map((r) => r.id)).toEqual([2, 1])
  })

  it('gates each record by its own category', () => {
    const { head } = renderScripts([
      record('<script src="/ads.js"></script>', { id: 1, consentCategory: 'marketing' }),
      record('<script src="/core.js"></script>', { id: 2 }),
    ])
    const [ads, core] = openings(head)
    expect(ads).toContain('data-consent-category="marketing"')
    expect(core).toBe(`<script ${NONCE} src="/core.js">`)
  })
})

describe('renderScripts on rows saved before the rules', () => {
  it('leaves out a row of bare text, an unclosed script and a vendor ID without consent, whole', () => {
    const rendered = renderScripts([
      record('GTM-ABC123', { id: 1 }),
      record('<script>a()</script> and some text', { id: 2 }),
      record('<script>open()', { id: 3, position: 'body' }),
      record('<script>kept()</script>', { id: 4 }),
    ])
    expect(rendered).toEqual({ head: `<script ${NONCE}>kept()</script>`, body: '' })
  })

  it('sends a saved vendor ID with a category as its snippet', () => {
    const { head } = renderScripts([record(' GTM-ABC123 ', { consentCategory: 'analytics' })])
    expect(head).toContain("'dataLayer','GTM-ABC123'")
    expect(head).toContain(`<script ${NONCE} type="text/plain" data-consent-category="analytics">`)
  })
})
