import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CriticalCss, CriticalStylesheet, htmlClasses, selectorClasses } from './critical-css.ts'

const page = (body: string, head = '') =>
  `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`

describe('selectorClasses', () => {
  it('reads escaped Tailwind class names', () => {
    expect(selectorClasses('.sm\\:grid-cols-2')).toEqual(['sm:grid-cols-2'])
    expect(selectorClasses('.max-h-\\[90vh\\]')).toEqual(['max-h-[90vh]'])
    expect(selectorClasses('.hover\\:bg-navy-50:hover')).toEqual(['hover:bg-navy-50'])
    expect(selectorClasses('.w-1\\/2')).toEqual(['w-1/2'])
    expect(selectorClasses('.\\32 xl\\:p-4')).toEqual(['2xl:p-4'])
  })

  it('needs every class of a compound or descendant selector', () => {
    expect(selectorClasses('.group:hover .group-hover\\:underline')).toEqual([
      'group',
      'group-hover:underline',
    ])
    expect(selectorClasses('.space-y-4>:not(:last-child)')).toEqual(['space-y-4'])
  })

  it('ignores classes under :not(), attribute values and strings', () => {
    expect(selectorClasses('.a:not(.b)')).toEqual(['a'])
    expect(selectorClasses('[data-x=".c"] .d')).toEqual(['d'])
    expect(selectorClasses('a[href$=".pdf"]')).toEqual([])
  })
})

describe('htmlClasses', () => {
  it('collects every class attribute, entities decoded', () => {
    const classes = htmlClasses(
      '<div class="a  b"><svg class="c"></svg><p class="[&amp;&gt;p]:mt-2"></p></div>',
    )
    expect([...classes].sort()).toEqual(['[&>p]:mt-2', 'a', 'b', 'c'])
  })
})

describe('CriticalStylesheet', () => {
  const css = [
    '/*! licence */',
    '@layer theme{:root{--c:red}}',
    '@layer base{*,:before{box-sizing:border-box}h1{font-size:2rem}}',
    '@layer utilities{.used{color:var(--c)}.unused{color:blue}.a .b{margin:0}.x,.used-too{padding:0}',
    '@media (width>=40rem){.sm\\:used{display:flex}.sm\\:unused{display:grid}}',
    '@supports (display:grid){.unused-only{display:grid}}}',
    '@property --tw-x{syntax:"*";inherits:false}',
    '@keyframes spin{to{transform:rotate(360deg)}}',
    '[data-cookie-banner="pending"]{display:none}',
  ].join('')
  const sheet = new CriticalStylesheet(css)

  it('keeps the rules the page can match and drops the rest', () => {
    const critical = sheet.for(page('<h1 class="used sm:used used-too b">Hi</h1>'))
    expect(critical).toContain(':root{--c:red}')
    expect(critical).toContain('h1{font-size:2rem}')
    expect(critical).toContain('.used{color:var(--c)}')
    expect(critical).toContain('.x,.used-too{padding:0}')
    expect(critical).toContain('@media (width>=40rem){.sm\\:used{display:flex}}')
    expect(critical).toContain('@property --tw-x{syntax:"*";inherits:false}')
    expect(critical).toContain('@keyframes spin{to{transform:rotate(360deg)}}')
    expect(critical).toContain('[data-cookie-banner="pending"]{display:none}')
    expect(critical).not.toContain('.unused')
    expect(critical).not.toContain('sm\\:unused')
    expect(critical).not.toContain('@supports')
    expect(critical).not.toContain('.a .b')
    expect(critical).not.toContain('licence')
  })

  it('keeps everything a page uses: the whole sheet when every class occurs', () => {
    const all = sheet.for(page('<p class="used unused a b x used-too sm:used sm:unused unused-only"></p>'))
    expect(all).toContain('.a .b{margin:0}')
    expect(all).toContain('@supports (display:grid){.unused-only{display:grid}}')
  })
})

describe('CriticalCss.inline', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'critical-css-'))
  fs.mkdirSync(path.join(dir, 'assets'))
  fs.writeFileSync(path.join(dir, 'assets', 'root-1.css'), '.used{color:red}.unused{color:blue}')
  const inliner = new CriticalCss(dir)
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('inlines the critical part and defers the stylesheet, with a copy for browsers without scripts', () => {
    const html = inliner.inline(
      page('<p class="used">x</p>', '<link nonce="N" rel="stylesheet" href="/assets/root-1.css"/>'),
    )
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toContain('<style nonce="N">.used{color:red}</style>')
    expect(head).toContain(
      '<link rel="stylesheet" href="/assets/root-1.css" media="print" data-deferred-style="" nonce="N"/>',
    )
    expect(head).toContain(
      '<noscript><link rel="stylesheet" href="/assets/root-1.css" nonce="N"/></noscript>',
    )
    expect(head).not.toContain('.unused')
  })

  it('leaves stylesheets it does not serve alone', () => {
    const foreign = page(
      '<p></p>',
      '<link rel="stylesheet" href="https://cdn.example/x.css"/><link rel="stylesheet" href="/assets/missing.css"/>',
    )
    expect(inliner.inline(foreign)).toBe(foreign)
    const outside = page('<p></p>', '<link rel="stylesheet" href="/assets/../secret.css"/>')
    expect(inliner.inline(outside)).toBe(outside)
  })
})
