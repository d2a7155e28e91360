import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PageSections } from '../site/page-sections.tsx'
import { readPageContent } from './registry.ts'

/** Stored content as the public page renders it (app/routes/public/cms-page.tsx). */
const render = (stored: unknown) =>
  renderToStaticMarkup(createElement(PageSections, { content: readPageContent(stored) }))
const widget = (type: string, content: unknown, styles?: unknown) =>
  render({ widgets: [{ id: 'w', type, content, styles }] })

describe('hostile content through the public page', () => {
  it('drops script and event handlers from HTML fields', () => {
    const hostile =
      '<p onclick="steal()">Hi</p><script>alert(1)</script><img src=x onerror=alert(2)><svg onload=alert(3)></svg>'
    for (const html of [
      widget('text', { text: hostile }),
      widget('columns', { columns: 2, texts: [hostile, hostile] }),
      render(hostile),
    ]) {
      expect(html).toContain('Hi</p>')
      expect(html).not.toMatch(/<script(?! type="application\/json")|\son\w+=|<svg/i)
    }
  })

  it('escapes plain-text fields', () => {
    const html = widget('heading', { text: '<img src=x onerror=alert(1)>', level: 2 })
    expect(html).toContain('<h2>&lt;img src=x onerror=alert(1)&gt;</h2>')
    expect(widget('testimonial', { text: '</blockquote><script>x</script>', author: '"><b>' })).not.toMatch(
      /<script|<b>/,
    )
  })

  it('neutralises javascript:, data: and protocol-relative addresses', () => {
    expect(widget('button', { text: 'x', link: 'javascript:alert(1)' })).toContain(
      '<a class="widget-button">x</a>',
    )
    expect(widget('button', { text: 'x', link: 'java\tscript:alert(1)' })).not.toContain('href')
    const menu = widget('menu', {
      links: [
        { text: 'a', url: 'data:text/html,<script>x</script>' },
        { text: 'b', url: '//evil.example' },
      ],
    })
    expect(menu).not.toMatch(/href|data:|evil/)
    expect(widget('image', { src: 'javascript:alert(1)', alt: 'x' })).not.toContain('<img')
    expect(
      widget('gallery', {
        images: [
          { src: 'javascript:x', alt: '' },
          { src: '//evil.example/a.png', alt: '' },
        ],
      }),
    ).not.toContain('<img')
    expect(widget('video', { url: 'javascript:alert(1)' })).not.toMatch(/<video|<iframe/)
    expect(widget('video', { url: 'https://evil.example/embed/x' })).toContain(
      '<video src="https://evil.example/embed/x"',
    )
    expect(
      widget('text', {
        text: '<a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe>',
      }),
    ).toBe(
      '<div class="prose-content space-y-4 text-slate-800 leading-relaxed [&amp;_a]:text-teal-800 [&amp;_a]:underline [&amp;_h2]:mt-8 [&amp;_h2]:font-bold [&amp;_h2]:text-2xl [&amp;_h2]:text-navy-900 [&amp;_h3]:font-semibold [&amp;_h3]:text-navy-900 [&amp;_h3]:text-xl [&amp;_iframe]:aspect-video [&amp;_iframe]:w-full [&amp;_img]:h-auto [&amp;_img]:max-w-full [&amp;_ol]:list-decimal [&amp;_ol]:pl-6 [&amp;_ul]:list-disc [&amp;_ul]:pl-6 [&amp;_video]:w-full"><div data-widget-id="w" data-widget-type="text" class="page-widget"><div><a>x</a></div></div></div>',
    )
  })

  it('keeps injected style rules out of style attributes', () => {
    const styles = {
      color: 'red;background:url(https://evil.example/x)',
      backgroundColor: 'expression(alert(1))',
      margin: '0" onmouseover="x',
      padding: '1px;position:fixed',
      fontSize: 'calc(1px)',
      textAlign: 'center',
    }
    for (const type of ['heading', 'text', 'button', 'menu', 'testimonial', 'divider']) {
      const html = widget(type, {}, styles)
      expect(html, type).not.toMatch(/evil|expression|onmouseover|position|calc/)
    }
    expect(widget('heading', { text: 'H' }, styles)).toContain('<h2 style="text-align:center">H</h2>')
    expect(widget('image', { src: '/a.png', width: '100%;position:fixed' })).toContain('width:100%"')
    expect(widget('spacer', { height: '1px;background:url(x)' })).toContain('style="height:40px"')
    expect(
      render({
        sections: [{ id: 's', styles: { backgroundColor: 'url(x)' }, widgets: [{ type: 'divider' }] }],
      }),
    ).toContain('<section data-section-id="s" class="space-y-4"><div')
  })

  it('sanitises the system blocks’ rich text and escapes their plain fields', () => {
    const hostile = '<p onclick="steal()">Hi</p><script>alert(1)</script><img src=x onerror=alert(2)>'
    for (const html of [
      widget('faq', { items: [{ question: '<b>q</b>', answer: hostile }] }),
      widget('steps', { items: [{ title: '<b>t</b>', text: '<i>x</i>' }], note: hostile }),
      widget('policy', { sections: [{ anchor: 'a', title: '<b>t</b>', body: hostile }] }),
    ]) {
      expect(html).toContain('Hi</p>')
      expect(html).not.toMatch(/<script(?! type="application\/json")|\son\w+=|<b>|<i>/i)
    }
    const hero = widget('hero', {
      heading: '<script>x</script>',
      ctaText: 'Go',
      ctaLink: 'javascript:alert(1)',
    })
    expect(hero).not.toMatch(/<script|javascript:/)
    expect(hero).toContain('&lt;script&gt;x&lt;/script&gt;')
    const cards = widget('evidence', {
      items: [{ anchor: '"><script>', claim: '<img src=x onerror=y>', url: 'javascript:alert(1)' }],
    })
    expect(cards).not.toMatch(/<script|<img|javascript:|View Source/)
    expect(cards).toContain('id="script"')
    // Anchors are ids: nothing but letters, digits and hyphens reaches the attribute.
    expect(widget('faq', { anchor: 'x" onmouseover="y', items: [] })).toContain('id="x-onmouseover-y"')
    const stats = widget('stats', { items: [{ value: '1', label: 'l', evidence: '"><b>' }] })
    expect(stats).toContain('href="/evidence#b"')
    expect(stats).not.toContain('<b>')
  })
})
