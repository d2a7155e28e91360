import { describe, expect, it } from 'vitest'
import { sanitizePageHtml } from './page-html.ts'

describe('sanitizePageHtml', () => {
  it('keeps text and structure', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>em</em>, <del>old</del> and <sup>1</sup></p>' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote>q</blockquote>' +
      '<table><tr><th scope="col">h</th><td colspan="2">t</td></tr></table>' +
      '<figure><img src="https://cdn.example/a.png" alt="A" width="10" height="10" loading="lazy"><figcaption>c</figcaption></figure>'
    const out = sanitizePageHtml(html)
    for (const fragment of [
      '<h2>Title</h2>',
      '<strong>bold</strong>',
      '<em>em</em>',
      '<del>old</del>',
      '<sup>1</sup>',
      '<ul><li>one</li></ul>',
      '<ol start="3">',
      '<blockquote>q</blockquote>',
      '<th scope="col">h</th>',
      '<td colspan="2">t</td>',
      '<img src="https://cdn.example/a.png" alt="A" width="10" height="10" loading="lazy" />',
      '<figcaption>c</figcaption>',
    ])
      expect(out).toContain(fragment)
  })

  it('drops scripts, event handlers, javascript: URLs and frames from other hosts', () => {
    const out = sanitizePageHtml(
      '<p>Hi</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>' +
        '<iframe src="https://evil.example/"></iframe><iframe src="https://www.youtube.com/embed/abc"></iframe>',
    )
    expect(out).toBe(
      '<p>Hi</p><img src="x" /><a>x</a><iframe src="https://www.youtube.com/embed/abc" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    )
  })

  it.each([
    ['mixed-case javascript:', '<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['javascript: with a tab entity', '<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['a data: link', '<a href="data:text/html,hi">x</a>', '<a>x</a>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['a protocol-relative link', '<a href="//evil.example/">x</a>', '<a>x</a>'],
    ['a javascript: image', '<img src="javascript:alert(1)">', '<img />'],
    ['an onclick', '<p onclick="alert(1)">t</p>', '<p>t</p>'],
    ['an svg onload', '<svg onload="alert(1)"><circle/></svg>ok', 'ok'],
    ['a style element', '<style>body{display:none}</style>ok', 'ok'],
    ['a form', '<form action="https://evil.example"><input name="card"><button>Go</button></form>', 'Go'],
    ['an object and embed', '<object data="x.swf"></object><embed src="x.swf">ok', 'ok'],
    ['a look-alike video host', '<iframe src="https://youtube.com.evil.example/embed/a"></iframe>ok', 'ok'],
    ['an iframe without src', '<iframe srcdoc="<script>alert(1)</script>"></iframe>ok', 'ok'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example">ok', 'ok'],
    ['a base tag', '<base href="https://evil.example/">ok', 'ok'],
  ])('removes %s', (_label, html, expected) => {
    expect(sanitizePageHtml(html)).toBe(expected)
  })

  it.each([
    ['a mailto link', '<a href="mailto:help@example.test">m</a>'],
    ['a tel link', '<a href="tel:+447700900000">t</a>'],
    ['an https link', '<a href="https://example.test/p" title="T">l</a>'],
    ['a relative link', '<a href="/evidence">e</a>'],
    ['a data: image', '<img src="data:image/png;base64,AAAA" />'],
    [
      'a YouTube embed',
      '<iframe src="https://www.youtube.com/embed/abc" allowfullscreen referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    ],
    [
      'a youtube.com embed',
      '<iframe src="https://youtube.com/embed/abc" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    ],
    [
      'a YouTube no-cookie embed',
      '<iframe src="https://www.youtube-nocookie.com/embed/abc" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    ],
    [
      'a Vimeo embed',
      '<iframe src="https://player.vimeo.com/video/123" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    ],
    ['a direct video', '<video src="https://cdn.example/v.mp4" controls></video>'],
  ])('keeps %s', (_label, html) => {
    expect(sanitizePageHtml(html)).toBe(html)
  })

  it('drops event handlers from kept elements', () => {
    expect(sanitizePageHtml('<video src="https://cdn.example/v.mp4" onplay="x()" controls></video>')).toBe(
      '<video src="https://cdn.example/v.mp4" controls></video>',
    )
    expect(sanitizePageHtml('<td colspan="2" onclick="x()">t</td>')).not.toContain('onclick')
  })

  it('adds rel="noopener noreferrer" to links that open a new tab', () => {
    expect(sanitizePageHtml('<a href="https://example.test" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.test" target="_blank" rel="noopener noreferrer">x</a>',
    )
    expect(sanitizePageHtml('<a href="https://example.test" rel="nofollow">x</a>')).toBe(
      '<a href="https://example.test" rel="nofollow">x</a>',
    )
  })

  it.each([
    [
      'a new tab',
      '<a href="/a" target="_blank">x</a>',
      '<a href="/a" target="_blank" rel="noopener noreferrer">x</a>',
    ],
    [
      'a named window',
      '<a href="/a" target="help">x</a>',
      '<a href="/a" target="help" rel="noopener noreferrer">x</a>',
    ],
    [
      '_self',
      '<a href="/a" target="_self">x</a>',
      '<a href="/a" target="_self" rel="noopener noreferrer">x</a>',
    ],
    [
      'allowed words kept',
      '<a href="/a" target="_blank" rel="nofollow sponsored">x</a>',
      '<a href="/a" target="_blank" rel="nofollow sponsored noopener noreferrer">x</a>',
    ],
    [
      'opener and unknown words dropped',
      '<a href="/a" target="_blank" rel="opener NOFOLLOW whatever noopener">x</a>',
      '<a href="/a" target="_blank" rel="nofollow noopener noreferrer">x</a>',
    ],
    ['no target: rel filtered', '<a href="/a" rel="opener ugc">x</a>', '<a href="/a" rel="ugc">x</a>'],
    ['no target, nothing allowed', '<a href="/a" rel="opener">x</a>', '<a href="/a">x</a>'],
  ])('gives a link with %s a safe rel', (_label, html, expected) => {
    expect(sanitizePageHtml(html)).toBe(expected)
  })

  it.each([
    ['unsafe-url', ' referrerpolicy="unsafe-url"'],
    ['no-referrer-when-downgrade', ' referrerpolicy="no-referrer-when-downgrade"'],
    ['none given', ''],
  ])('fixes the referrer policy of an iframe (%s)', (_label, policy) => {
    expect(sanitizePageHtml(`<iframe src="https://player.vimeo.com/video/1"${policy}></iframe>`)).toBe(
      '<iframe src="https://player.vimeo.com/video/1" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    )
  })

  it('keeps only the allowed styles', () => {
    expect(
      sanitizePageHtml(
        '<p style="color:#123456;text-align:center;position:fixed;background-image:url(https://evil.example/x)">s</p>',
      ),
    ).toBe('<p style="color:#123456;text-align:center">s</p>')
  })
})

describe('sanitizePageHtml and the rich-text editor', () => {
  // As the editor writes it: styles through the CSSOM (rgb colours, double-quoted font names).
  it("keeps the editor's colours, font families, sizes and indent steps", () => {
    expect(
      sanitizePageHtml(
        '<p style="text-align: center; margin-left: 4rem;"><span style="color: rgb(255, 0, 0); background-color: rgb(0, 255, 0); font-family: Georgia, &quot;Times New Roman&quot;, serif; font-size: 24px;">s</span></p>',
      ),
    ).toBe(
      '<p style="text-align:center;margin-left:4rem"><span style="color:rgb(255, 0, 0);background-color:rgb(0, 255, 0);font-family:Georgia, &quot;Times New Roman&quot;, serif;font-size:24px">s</span></p>',
    )
  })

  it('drops font families and indents that are anything else', () => {
    expect(
      sanitizePageHtml(
        '<p style="margin-left:calc(100vw)"><span style="font-family:x;background:url(https://evil.example/)">s</span></p>',
      ),
    ).toBe('<p><span style="font-family:x">s</span></p>')
    expect(sanitizePageHtml('<span style="font-family:a(b)">s</span>')).toBe('<span>s</span>')
  })

  it("keeps the editor's video players and responsive images", () => {
    const html =
      '<div class="video-embed"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="YouTube video" allow="encrypted-media; fullscreen; picture-in-picture" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe></div>' +
      '<div class="video-embed"><video src="https://cdn.example/clip.mp4" title="Clip" controls="" preload="metadata"></video></div>' +
      '<p><img src="/u/a.webp" srcset="/u/a.webp 400w, /u/b.webp 800w" sizes="100vw" class="r" loading="lazy" decoding="async" width="400" height="300" alt=""></p>'
    expect(sanitizePageHtml(html)).toBe(
      html.replace('controls=""', 'controls').replace('alt="">', 'alt="" />'),
    )
  })
})

describe('sanitizePageHtml rendering images', () => {
  const images = { '/uploads/a-1600.webp': { width: 1600, height: 900, srcset: '/uploads/a-480.webp 480w' } }
  it('sizes an uploaded image and makes the lead image eager, the rest lazy', () => {
    const html = sanitizePageHtml(
      '<p><img src="/uploads/a-1600.webp" alt="A"><img src="/b.png" alt="B"></p>',
      {
        images,
        lead: true,
      },
    )
    expect(html).toContain(
      `<img src="/uploads/a-1600.webp" alt="A" width="1600" height="900" srcset="/uploads/a-480.webp 480w" sizes="(max-width: 768px) 100vw, 768px" fetchpriority="high" />`,
    )
    expect(html).toContain('<img src="/b.png" alt="B" loading="lazy" decoding="async" />')
  })
  it("keeps the loading the page's own markup gives (an upload's snippet says lazy)", () => {
    const html = sanitizePageHtml(
      '<img src="/uploads/a-1600.webp" alt="A" loading="lazy" decoding="async">',
      {
        images,
        lead: true,
      },
    )
    expect(html).toContain('loading="lazy"')
    expect(html).not.toContain('fetchpriority')
  })
})
