import { describe, expect, it } from 'vitest'
import { checkScriptMarkup } from './script-markup.ts'

const refusal = (html: string) => {
  const checked = checkScriptMarkup(html)
  if (checked.ok) throw new Error(`accepted: ${html}`)
  return checked.message
}

describe('checkScriptMarkup', () => {
  it.each([
    ['an inline script', '<script>gtag("js", new Date())</script>'],
    ['an external script', '<script async src="https://tags.example/t.js"></script>'],
    ['upper case and an end tag with spaces', '<SCRIPT>go()</SCRIPT >'],
    ['a > inside a quoted attribute', '<script data-x="a>b" src="/a.js"></script>'],
    ['a script body with tags in strings', '<script>document.write("<div>hi</div>")</script>'],
    [
      'comments, whitespace and every allowed element',
      '<!-- Tag -->\n<link rel="preconnect" href="https://t.example">\n<meta name="x" content="y" />\n' +
        '<style>.a{color:red}</style>\n<script>a()</script>\n<!-- End -->\n',
    ],
    [
      'a noscript holding elements only',
      '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-1" height="0" width="0"></iframe></noscript>',
    ],
    [
      'a noscript image',
      '<noscript><img height="1" width="1" src="https://px.example/p?a=1&b=2" /></noscript>',
    ],
  ])('accepts %s', (_label, html) => {
    expect(checkScriptMarkup(html).ok).toBe(true)
  })

  it('lists the top-level elements in order, with their places', () => {
    const html = ' <link rel="a"><script>x</script>'
    expect(checkScriptMarkup(html)).toEqual({
      ok: true,
      elements: [
        { name: 'link', start: 1, end: 15 },
        { name: 'script', start: 15, end: html.length },
      ],
    })
  })

  it.each([
    ['a bare tag ID', 'GTM-ABC123'],
    ['plain JavaScript', "gtag('config', 'G-1')"],
    ['text before an element', 'Tracking: <script>a()</script>'],
    ['text between elements', '<script>a()</script> oops <script>b()</script>'],
    ['text after an element', '<script>a()</script>\nthanks'],
    ['a lone <', '< script>a()</script>'],
  ])('refuses %s, quoting the stray text', (_label, html) => {
    expect(refusal(html)).toMatch(/^Text outside an element \(".+"\) would show on every page/)
  })

  it('quotes at most 40 characters of the stray text', () => {
    expect(refusal(`${'x'.repeat(100)}<script></script>`)).toContain(`("${'x'.repeat(40)}…")`)
  })

  it.each([
    ['script', '<script>a()'],
    ['script', '<script src="/a.js" />'],
    ['style', '<style>.a{}'],
    ['noscript', '<noscript><img src="/p.gif">'],
  ])('refuses an unclosed <%s>', (name, html) => {
    expect(refusal(html)).toBe(`The <${name}> element is not closed: add </${name}>`)
  })

  it.each([
    ['div', '<div>Hello</div>'],
    ['iframe', '<iframe src="https://x.example"></iframe>'],
    ['img', '<img src="/p.gif">'],
    ['a', '<script>a()</script><a href="/">link</a>'],
  ])('refuses a top-level <%s>', (name, html) => {
    expect(refusal(html)).toBe(
      `<${name}> is not allowed here: use only <script>, <noscript>, <link>, <meta> or <style> elements`,
    )
  })

  it('refuses an end tag that closes nothing', () => {
    expect(refusal('<script>a()</script></script>')).toBe(
      '</script> closes no element: remove it or add its opening tag',
    )
  })

  it('refuses an unfinished tag and an unclosed quote', () => {
    expect(refusal('<script src="/a.js"')).toMatch(/^The tag "<script src="\/a.js"" is not finished/)
    expect(refusal('<script src="/a.js></script>')).toMatch(/is not finished: it needs its closing >$/)
  })

  it('refuses an unclosed comment', () => {
    expect(refusal('<!-- tag <script>a()</script>')).toBe('A comment is not closed: add -->')
  })

  it('refuses text inside a <noscript>', () => {
    expect(refusal('<noscript>Please enable JavaScript</noscript>')).toBe(
      'The <noscript> element holds text ("Please enable JavaScript"): only elements such as <iframe> or <img> belong there',
    )
  })

  it('refuses markup with no element at all', () => {
    expect(refusal('  <!-- nothing -->  ')).toMatch(/^The script has no elements/)
  })
})
