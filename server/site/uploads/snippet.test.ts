import { describe, expect, it } from 'vitest'
import { sanitizePageHtml } from '../../../core/page-html.ts'
import { IMAGE_SIZES, imageSnippet } from './snippet.ts'

const renditions = [
  { url: '/uploads/0123456789abcdef-1600.webp', width: 1600, height: 800 },
  { url: '/uploads/0123456789abcdef-480.webp', width: 480, height: 240 },
  { url: '/uploads/0123456789abcdef-960.webp', width: 960, height: 480 },
]

describe('imageSnippet', () => {
  it('uses the largest rendition as src, lists every one in srcset from small to large', () => {
    const snippet = imageSnippet(renditions, 'A car', 'rounded shadow')
    expect(snippet).toEqual({
      htmlSnippet:
        '<img src="/uploads/0123456789abcdef-1600.webp" srcset="/uploads/0123456789abcdef-480.webp 480w, ' +
        '/uploads/0123456789abcdef-960.webp 960w, /uploads/0123456789abcdef-1600.webp 1600w" ' +
        `sizes="${IMAGE_SIZES}" width="1600" height="800" alt="A car" class="rounded shadow" ` +
        'loading="lazy" decoding="async">',
      url: '/uploads/0123456789abcdef-1600.webp',
      width: 1600,
      height: 800,
      srcset:
        '/uploads/0123456789abcdef-480.webp 480w, /uploads/0123456789abcdef-960.webp 960w, ' +
        '/uploads/0123456789abcdef-1600.webp 1600w',
    })
  })

  it('escapes every attribute value', () => {
    const { htmlSnippet } = imageSnippet(
      [{ url: '/uploads/a"b<c>&d\'.webp', width: 10, height: 5 }],
      `Tom's "fast" <car> & more`,
    )
    expect(htmlSnippet).toContain('src="/uploads/a&quot;b&lt;c&gt;&amp;d&#39;.webp"')
    expect(htmlSnippet).toContain('alt="Tom&#39;s &quot;fast&quot; &lt;car&gt; &amp; more"')
    expect(htmlSnippet).not.toMatch(/<car>|"fast"/)
  })

  it('leaves out class when there is none, and keeps an empty alt (a decorative image)', () => {
    const { htmlSnippet } = imageSnippet([renditions[1] as (typeof renditions)[number]], '')
    expect(htmlSnippet).not.toContain('class=')
    expect(htmlSnippet).toContain(' alt="" ')
    expect(htmlSnippet).toContain('srcset="/uploads/0123456789abcdef-480.webp 480w"')
  })

  it('refuses to build a snippet without renditions', () => {
    expect(() => imageSnippet([], 'x')).toThrow()
  })

  it('survives the page sanitiser unchanged but for the self-closing slash', () => {
    const { htmlSnippet } = imageSnippet(renditions, 'A "quoted" <alt>', 'hero-image w_full')
    expect(sanitizePageHtml(htmlSnippet)).toBe(htmlSnippet.replace(/>$/, ' />'))
  })
})
