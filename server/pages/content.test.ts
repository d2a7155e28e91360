import { describe, expect, it } from 'vitest'
import {
  renderPageContent,
  renderPageSections,
  sanitizePageHtml,
  sanitizeStoredContent,
} from './content.server.ts'

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

describe('renderPageContent', () => {
  it('sanitises an HTML string', () => {
    expect(renderPageContent('<p>Hi</p><script>alert(1)</script>')).toBe('<p>Hi</p>')
    expect(renderPageContent('')).toBe('')
  })

  it('renders sections of widgets: headings escaped, text sanitised', () => {
    expect(
      renderPageContent({
        sections: [
          {
            id: 's1',
            widgets: [
              { id: 'w', type: 'heading', content: { text: 'Hello', level: 2 } },
              { type: 'text', content: { text: '<b>Bold</b><script>x</script>' } },
            ],
          },
        ],
      }),
    ).toBe('<section><h2>Hello</h2><div><b>Bold</b></div></section>')
  })

  it('renders a flat widget list as one section', () => {
    expect(
      renderPageContent({ widgets: [{ type: 'heading', content: { text: 'A & <B>', level: 3 } }] }),
    ).toBe('<section><h3>A &amp; &lt;B&gt;</h3></section>')
  })

  it('keeps heading levels between 2 and 6', () => {
    const heading = (level: unknown) =>
      renderPageContent({ widgets: [{ type: 'heading', content: { text: 'H', level } }] })
    expect(heading(1)).toBe('<section><h2>H</h2></section>')
    expect(heading(9)).toBe('<section><h6>H</h6></section>')
    expect(heading('x')).toBe('<section><h2>H</h2></section>')
  })

  it('renders video widgets as embeds or direct video', () => {
    expect(
      renderPageContent({
        widgets: [
          { type: 'video', content: { url: 'https://youtu.be/dQw4w9WgXcQ' } },
          { type: 'video', content: { url: 'https://vimeo.com/123456' } },
          { type: 'video', content: { src: 'https://cdn.example/v.mp4' } },
        ],
      }),
    ).toBe(
      '<section><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" allowfullscreen loading="lazy" title="Video" referrerpolicy="strict-origin-when-cross-origin"></iframe>' +
        '<iframe src="https://player.vimeo.com/video/123456" allowfullscreen loading="lazy" title="Video" referrerpolicy="strict-origin-when-cross-origin"></iframe>' +
        '<video src="https://cdn.example/v.mp4" controls></video></section>',
    )
  })

  it('renders image widgets without unsafe addresses', () => {
    expect(
      renderPageContent({
        widgets: [{ type: 'image', content: { src: 'https://cdn.example/a.png', alt: 'A "q"' } }],
      }),
    ).toBe('<section><img src="https://cdn.example/a.png" alt="A &quot;q&quot;" /></section>')
    expect(
      renderPageContent({ widgets: [{ type: 'image', content: { src: 'javascript:alert(1)', alt: 'x' } }] }),
    ).toBe('<section><img alt="x" /></section>')
  })

  it('skips unknown widgets, empty sections and malformed content', () => {
    expect(renderPageContent({ sections: [{ widgets: [{ type: 'carousel', content: {} }] }, {}] })).toBe('')
    expect(renderPageContent({ widgets: [{ type: 'video', content: {} }, { type: 'image' }] })).toBe('')
    expect(renderPageContent({ sections: 'nope' })).toBe('')
    expect(renderPageContent({})).toBe('')
  })
})

describe('renderPageContent over every widget type', () => {
  const render = (widget: Record<string, unknown>) => renderPageContent({ widgets: [widget] })

  it('renders each of the twelve builder widgets with its content, and no script', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'text', content: { text: '<p>Body <b>bold</b></p>' } }, '<div><p>Body <b>bold</b></p></div>'],
      [{ type: 'heading', content: { text: 'Title', level: 3 } }, '<h3>Title</h3>'],
      [{ type: 'image', content: { src: 'https://cdn.example/a.webp', alt: 'Car' } }, 'alt="Car"'],
      [
        { type: 'video', content: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
        'youtube-nocookie.com/embed/dQw4w9WgXcQ',
      ],
      [
        { type: 'button', content: { text: 'Start', link: '/#calculator' } },
        '<a href="/#calculator" class="widget-button">Start</a>',
      ],
      [
        { type: 'spacer', content: { height: '40px' } },
        '<div class="widget-spacer" style="height:40px"></div>',
      ],
      [{ type: 'divider', content: {} }, '<hr />'],
      [{ type: 'form', content: { title: 'Check now' } }, 'href="/#calculator"'],
      [
        { type: 'columns', content: { columns: 2, texts: ['<p>A</p>', '<p>B</p>'] } },
        'repeat(2, minmax(0, 1fr))',
      ],
      [
        { type: 'gallery', content: { images: [{ src: 'https://cdn.example/1.webp', alt: 'One' }] } },
        'alt="One"',
      ],
      [
        { type: 'testimonial', content: { text: 'Great', author: 'Ann' } },
        '<blockquote>Great</blockquote><figcaption>Ann</figcaption>',
      ],
      [{ type: 'menu', content: { links: [{ text: 'Home', url: '/' }] } }, '<a href="/">Home</a>'],
    ]
    for (const [widget, fragment] of cases) {
      const html = render(widget)
      expect(html, String(widget.type)).toContain(fragment)
      expect(html).not.toMatch(/<script|on\w+=/i)
    }
  })

  it('applies valid styles and drops the rest', () => {
    const html = render({
      type: 'heading',
      content: { text: 'Styled', level: 2 },
      styles: {
        color: '#1f2937',
        fontWeight: '600',
        backgroundColor: 'url(https://evil.example/x)',
        padding: '12px 24px',
      },
    })
    expect(html).toContain('color:#1f2937')
    expect(html).toContain('font-weight:600')
    expect(html).toContain('padding:12px 24px')
    expect(html).not.toContain('evil.example')
  })

  it('neutralises hostile links and markup inside widgets', () => {
    // about:blank from the link sanitiser, then dropped by the HTML allow list: a link to nowhere.
    expect(render({ type: 'button', content: { text: 'x', link: 'javascript:alert(1)' } })).toBe(
      '<section><p><a class="widget-button">x</a></p></section>',
    )
    expect(
      render({
        type: 'menu',
        content: { links: [{ text: '<img src=x onerror=1>', url: 'data:text/html,x' }] },
      }),
    ).not.toMatch(/<img|data:/)
    expect(
      render({ type: 'text', content: { text: '<img src=x onerror=alert(1)><script>x</script>ok' } }),
    ).toBe('<section><div><img src="x" />ok</div></section>')
  })

  it('renders builder sections with their styles, and drops unknown widget types', () => {
    const html = renderPageContent({
      sections: [
        {
          id: 's1',
          styles: { backgroundColor: '#f1f5f9' },
          widgets: [{ id: 'w1', type: 'divider' }, { type: 'marquee' }],
        },
      ],
    })
    expect(html).toBe('<section style="background-color:#f1f5f9"><hr /></section>')
  })
})

describe('renderPageSections', () => {
  const builder = {
    sections: [
      {
        id: 's1',
        styles: { backgroundColor: '#eeeeee', padding: 'url(x)' },
        widgets: [
          { id: 'w1', type: 'heading', content: { text: 'Check now', level: 2 }, styles: {} },
          {
            id: 'w2',
            type: 'form',
            content: { title: 'Start your claim' },
            styles: { backgroundColor: '#fff' },
          },
          { id: 'w3', type: 'text', content: { text: '<b>After</b><script>alert(1)</script>' }, styles: {} },
        ],
      },
      { id: 's2', styles: {}, widgets: [] },
    ],
  }

  it('splits a section around the contact form, keeps only valid section styles and drops empty sections', () => {
    expect(renderPageSections(builder)).toEqual([
      {
        id: 's1',
        styles: { backgroundColor: '#eeeeee' },
        parts: [
          { html: '<h2>Check now</h2>' },
          { form: { title: 'Start your claim', styles: { backgroundColor: '#fff' } } },
          { html: '<div><b>After</b></div>' },
        ],
      },
    ])
  })

  it('renders an HTML string as one unstyled section, sanitised', () => {
    expect(renderPageSections('<p>Hi</p><img src=x onerror=alert(1)>')).toEqual([
      { id: 'html', styles: null, parts: [{ html: '<p>Hi</p><img src="x" />' }] },
    ])
  })

  it('renders a widget list as one section', () => {
    const sections = renderPageSections({
      widgets: [{ id: 'a', type: 'text', content: { text: 'One' }, styles: { textColor: '#123456' } }],
    })
    expect(sections).toEqual([
      { id: 'widgets', styles: {}, parts: [{ html: '<div style="color:#123456">One</div>' }] },
    ])
  })
})

describe('sanitizeStoredContent', () => {
  it('sanitises HTML strings and the HTML inside text and column widgets, keeping the shape', () => {
    expect(sanitizeStoredContent('<p onclick="x()">Hi</p><script>1</script>')).toBe('<p>Hi</p>')
    const stored = sanitizeStoredContent({
      sections: [
        {
          id: 's',
          extra: 1,
          widgets: [
            { id: 'a', type: 'text', content: { text: '<i>ok</i><script>bad()</script>' } },
            { id: 'b', type: 'columns', content: { columns: 2, texts: ['<img src=x onerror=y>', 'fine'] } },
            { id: 'c', type: 'testimonial', content: { text: 'Tom & Jerry <3', author: 'A' } },
          ],
        },
      ],
      v: 2,
    })
    expect(stored).toEqual({
      sections: [
        {
          id: 's',
          extra: 1,
          widgets: [
            { id: 'a', type: 'text', content: { text: '<i>ok</i>' } },
            { id: 'b', type: 'columns', content: { columns: 2, texts: ['<img src="x" />', 'fine'] } },
            // Rendered escaped, so stored as typed.
            { id: 'c', type: 'testimonial', content: { text: 'Tom & Jerry <3', author: 'A' } },
          ],
        },
      ],
      v: 2,
    })
    expect(sanitizeStoredContent({ blocks: [{ type: 'paragraph', text: '<b>x</b>' }] })).toEqual({
      blocks: [{ type: 'paragraph', text: '<b>x</b>' }],
    })
  })

  it('stores links with a target and embeds with the safe rel and referrer policy', () => {
    const stored = sanitizeStoredContent({
      widgets: [
        {
          id: 'a',
          type: 'text',
          content: {
            text: '<a href="https://x.example" target="_blank" rel="opener">x</a><iframe src="https://player.vimeo.com/video/1" referrerpolicy="unsafe-url"></iframe>',
          },
        },
        { id: 'b', type: 'columns', content: { columns: 2, texts: ['<a href="/a" target="w">a</a>', ''] } },
      ],
    }) as { widgets: { content: { text?: string; texts?: string[] } }[] }
    expect(stored.widgets[0]?.content.text).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a><iframe src="https://player.vimeo.com/video/1" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    )
    expect(stored.widgets[1]?.content.texts?.[0]).toBe(
      '<a href="/a" target="w" rel="noopener noreferrer">a</a>',
    )
  })
})
