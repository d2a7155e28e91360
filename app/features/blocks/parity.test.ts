import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { blockModels } from '../../../core/blocks/models.ts'
import type { ImageInfoMap } from '../../../core/image-info.ts'
import { styleFields, widgetTypes } from '../../../core/page-content.ts'
import type { DeviceStyleField } from '../../../core/responsive-styles.ts'
import { canvasWidgetHtml, WidgetView } from '../admin/page-editor/widget-view.tsx'
import { PageSections } from '../site/page-sections.tsx'
import { blockContextFor } from './block-context.tsx'
import { blocks, readPageContent } from './registry.ts'
import { widgetElements } from './test-support.ts'

/** Every style field set to a valid value. */
const everyStyle: Record<(typeof styleFields)[number], string> = {
  fontSize: '18px',
  fontWeight: '700',
  color: '#1f2937',
  textColor: '#111111',
  backgroundColor: '#f1f5f9',
  margin: '0 0 16px',
  padding: '12px 24px',
  borderWidth: '2px',
  borderColor: '#0f766e',
  borderRadius: '6px',
  textAlign: 'center',
}

/** Every per-device value (core/responsive-styles.ts), which both sides render as a `<style>`. */
const everyDeviceStyle: Record<DeviceStyleField, string> = {
  fontSizeTablet: '16px',
  fontSizeMobile: '14px',
  marginTablet: '0 0 8px',
  marginMobile: '0',
  paddingTablet: '8px',
  paddingMobile: '4px 8px',
  hideDesktop: 'false',
  hideTablet: 'false',
  hideMobile: 'true',
}

/** Every widget type with every field set (images both in and out of the library's map). */
const stored = {
  sections: [
    {
      id: 's1',
      styles: { ...everyStyle },
      widgets: [
        { id: 'heading', type: 'heading', content: { text: 'Welcome & <hello>', level: 1 } },
        {
          id: 'image',
          type: 'image',
          content: { src: '/uploads/a-1600.webp', alt: 'A car', width: '480px' },
        },
        {
          id: 'text',
          type: 'text',
          content: {
            text: '<p>Rich <strong>text</strong> <a href="https://example.test" target="_blank">link</a></p><img src="/uploads/b-1600.webp" alt="B"><img src="https://cdn.example/c.png" width="40" height="20" alt="C">',
          },
        },
        { id: 'video', type: 'video', content: { url: 'https://youtu.be/dQw4w9WgXcQ' } },
        { id: 'video-file', type: 'video', content: { url: '/uploads/clip.mp4' } },
        { id: 'button', type: 'button', content: { text: 'Start', link: '/#calculator' } },
      ],
    },
    {
      id: 's2',
      styles: { backgroundColor: '#ffffff' },
      widgets: [
        { id: 'spacer', type: 'spacer', content: { height: '1.5rem' } },
        { id: 'divider', type: 'divider', content: {} },
        { id: 'form', type: 'form', content: { title: 'Check your claim' } },
        {
          id: 'columns',
          type: 'columns',
          content: {
            columns: 3,
            texts: ['<p>One</p>', '<p>Two <img src="/uploads/b-1600.webp" alt=""></p>', '<h3>Three</h3>'],
          },
        },
        {
          id: 'gallery',
          type: 'gallery',
          content: {
            images: [
              { src: '/uploads/a-1600.webp', alt: 'One' },
              { src: 'https://cdn.example/2.jpg', alt: 'Two', pixelWidth: 800, pixelHeight: 600 },
              { src: '', alt: 'empty' },
            ],
          },
        },
        { id: 'testimonial', type: 'testimonial', content: { text: 'Quick & easy', author: 'Ann' } },
        {
          id: 'menu',
          type: 'menu',
          content: {
            links: [
              { text: 'Home', url: '/' },
              { text: 'Mail', url: 'mailto:help@example.test' },
            ],
          },
        },
      ],
    },
    {
      // The system pages' blocks (docs/decisions/0075-system-pages-from-blocks.md).
      id: 's3',
      styles: {},
      widgets: [
        {
          id: 'hero',
          type: 'hero',
          content: {
            eyebrow: 'Since 2007',
            heading: 'Overcharged?',
            text: 'Check now.',
            ctaText: 'Start',
            ctaLink: '#calculator',
            note: 'Free',
          },
        },
        {
          id: 'stats',
          type: 'stats',
          content: {
            label: 'Key figures',
            items: [{ value: '40M+', label: 'agreements', evidence: 'impact' }],
          },
        },
        {
          id: 'steps',
          type: 'steps',
          content: {
            anchor: 'how-it-works',
            heading: 'How it works',
            items: [
              { title: 'Check', text: 'Answer.' },
              { title: 'Refer', text: 'We pass it on.' },
            ],
            noteTitle: 'Why',
            note: '<p>Because <a href="/evidence#x" target="_blank">evidence</a></p>',
          },
        },
        {
          id: 'faq',
          type: 'faq',
          content: {
            anchor: 'faq',
            heading: 'Questions',
            items: [
              { question: 'First?', answer: '<p>Yes <strong>one</strong></p>' },
              { question: 'Second?', answer: '<p>Two</p>' },
            ],
          },
        },
        {
          id: 'questionnaire',
          type: 'questionnaire',
          content: { anchor: 'calculator', heading: 'Check', text: 'Free.', phoneFirst: 'yes' },
        },
        {
          id: 'page-title',
          type: 'page-title',
          content: { heading: 'Privacy', updated: 'Last updated: today', intro: 'Read on.' },
        },
        {
          id: 'evidence',
          type: 'evidence',
          content: {
            items: [
              {
                anchor: 'impact',
                claim: 'Claim',
                explanation: 'Why',
                source: 'FCA',
                date: '1 May 2025',
                publisher: 'FCA',
                url: 'https://www.fca.org.uk/x',
              },
            ],
          },
        },
        {
          id: 'policy',
          type: 'policy',
          content: {
            numbered: 'yes',
            sections: [
              { anchor: 'about', title: 'About', body: '<p>We are.</p>', action: '' },
              { anchor: 'prefs', title: 'Choices', body: '<p>Choose.</p>', action: 'cookie-preferences' },
            ],
          },
        },
        { id: 'receipt', type: 'receipt', content: { part: 'confirmation', text: 'Sent securely.' } },
        { id: 'withdrawal', type: 'receipt', content: { part: 'withdrawal', heading: 'Changing your mind' } },
      ],
    },
  ],
}

const images: ImageInfoMap = {
  '/uploads/a-1600.webp': {
    width: 1600,
    height: 900,
    srcset: '/uploads/a-480.webp 480w, /uploads/a-1600.webp 1600w',
  },
  '/uploads/b-1600.webp': {
    width: 1200,
    height: 800,
    srcset: '/uploads/b-480.webp 480w, /uploads/b-1600.webp 1600w',
  },
}

function withEveryStyle() {
  const content = readPageContent(stored)
  if (typeof content === 'string' || !('sections' in content)) throw new Error('builder content')
  for (const section of content.sections)
    for (const widget of section.widgets) widget.styles = { ...everyStyle, ...everyDeviceStyle }
  return content
}

/**
 * The canvas's path: the HTML WidgetView inserts for each widget, with the context the builder's
 * BlockProvider gives it. (WidgetView renders it inside its own render, which a server render of
 * the whole canvas cannot nest; the test below renders WidgetView itself for one widget.)
 */
function canvas(content: ReturnType<typeof withEveryStyle>, map: ImageInfoMap) {
  const context = blockContextFor({ content, images: map })
  return content.sections
    .flatMap((section) => section.widgets)
    .map((widget) => canvasWidgetHtml(widget, context))
    .join('')
}

/** The public page's path, as app/routes/public/cms-page.tsx renders it. */
const site = (content: ReturnType<typeof withEveryStyle>, map: ImageInfoMap) =>
  renderToStaticMarkup(createElement(PageSections, { content, images: map }))

describe('canvas and public page parity', () => {
  const content = withEveryStyle()
  const onCanvas = widgetElements(canvas(content, images))
  const onSite = widgetElements(site(content, images))

  it('covers every widget type with every style field set', () => {
    const types = new Set(content.sections.flatMap((s) => s.widgets.map((w) => w.type)))
    expect([...types].sort()).toEqual([...widgetTypes].sort())
    expect(Object.keys(everyStyle).sort()).toEqual([...styleFields].sort())
    expect(onSite.size).toBe(content.sections.flatMap((s) => s.widgets).length)
  })

  it('renders each widget with the same markup on the canvas and the site', () => {
    for (const [id, html] of onSite) {
      // Byte for byte, the form's questionnaire included (the same SPEC set on both sides here; the
      // site passes the live version, the canvas the SPEC one, so only the questions may differ).
      expect(onCanvas.get(id) ?? 'missing', id).toBe(html)
    }
  })

  it('renders what each widget is, with its fields and styles', () => {
    const el = (id: string) => onSite.get(id) ?? ''
    expect(el('heading')).toContain('<h1 style="font-size:18px;font-weight:700;color:#1f2937;')
    expect(el('heading')).toContain('Welcome &amp; &lt;hello&gt;</h1>')
    expect(el('image')).toMatch(
      /<img src="\/uploads\/a-1600.webp" alt="A car" width="1600" height="900" srcSet="[^"]+" sizes="\(max-width: 768px\) 100vw, 768px" fetchPriority="high" style="[^"]*width:480px"/,
    )
    expect(el('text')).toContain(
      '<a href="https://example.test" target="_blank" rel="noopener noreferrer">link</a>',
    )
    expect(el('text')).toContain(
      '<img src="/uploads/b-1600.webp" alt="B" width="1200" height="800" srcset="/uploads/b-480.webp 480w, /uploads/b-1600.webp 1600w" sizes="(max-width: 768px) 100vw, 768px" loading="lazy" decoding="async" />',
    )
    expect(el('text')).toContain(
      '<img src="https://cdn.example/c.png" width="40" height="20" alt="C" loading="lazy" decoding="async" />',
    )
    expect(el('video')).toContain(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" allowFullScreen="" loading="lazy" title="Video" referrerPolicy="strict-origin-when-cross-origin"',
    )
    expect(el('video-file')).toContain('<video src="/uploads/clip.mp4" controls=""')
    expect(el('button')).toContain('<a href="/#calculator" class="widget-button" style="')
    expect(el('spacer')).toMatch(
      /^<div data-widget-id="spacer" data-widget-type="spacer" class="page-widget"><style>[^<]*<\/style><div aria-hidden="true" class="widget-spacer" style="height:1.5rem"><\/div><\/div>$/,
    )
    expect(el('divider')).toContain('<hr style="background-color:#f1f5f9;margin:0 0 16px;')
    expect(el('form')).toContain('data-island="questionnaire"')
    expect(el('form')).toContain('<h2 class="!mt-0 mb-4">Check your claim</h2>')
    expect(el('columns')).toContain('grid-template-columns:repeat(3, minmax(0, 1fr))')
    expect(el('columns')).toContain('<h3>Three</h3>')
    expect(el('gallery').match(/<img /g)).toHaveLength(2)
    expect(el('gallery')).toContain('alt="One" width="1600" height="900"')
    expect(el('gallery')).toContain('alt="Two" width="800" height="600" loading="lazy" decoding="async"')
    expect(el('testimonial')).toContain(
      '<blockquote>Quick &amp; easy</blockquote><figcaption>Ann</figcaption>',
    )
    expect(el('menu')).toContain('<a href="mailto:help@example.test">Mail</a>')
    expect(el('hero')).toContain('<h1 id="hero-title"')
    expect(el('hero')).toContain('<a href="#calculator" data-scroll-to="calculator"')
    expect(el('stats')).toContain(
      '<a href="/evidence#impact" target="_blank" rel="noopener noreferrer" class="text-teal-800 text-xs underline underline-offset-2">See the evidence',
    )
    expect(el('steps')).toContain('<section id="how-it-works" tabindex="-1"')
    expect(el('steps')).toContain(
      '<a href="/evidence#x" target="_blank" rel="noopener noreferrer">evidence</a>',
    )
    // The first answer open, each a <details> of its own (several may be open), without JavaScript.
    expect(el('faq').match(/<details /g)).toHaveLength(2)
    expect(el('faq')).toMatch(/<details open="" class="group"><summary[^>]*><h3>First\?<\/h3>/)
    expect(el('faq')).toMatch(/<details class="group"><summary[^>]*><h3>Second\?<\/h3>/)
    expect(el('faq')).toContain('<p>Yes <strong>one</strong></p>')
    expect(el('questionnaire')).toContain('<section id="calculator" tabindex="-1"')
    expect(el('questionnaire')).toContain('data-island="questionnaire"')
    expect(el('questionnaire')).toContain('quick questions. Free.</p>')
    expect(el('page-title')).toContain(
      '<h1 class="font-extrabold text-3xl text-navy-900 sm:text-4xl">Privacy</h1>',
    )
    expect(el('evidence')).toContain('<article id="impact"')
    expect(el('evidence')).toContain(
      'href="https://www.fca.org.uk/x" target="_blank" rel="noopener noreferrer"',
    )
    expect(el('policy')).toContain('<h2 id="about" class="scroll-mt-24')
    expect(el('policy')).toContain('1. About</h2>')
    expect(el('policy')).toContain('data-open-cookie-preferences')
    expect(el('policy').match(/data-open-cookie-preferences/g)).toHaveLength(1)
    expect(el('receipt')).toContain('<p class="text-lg text-slate-800">Sent securely.</p>')
    expect(el('withdrawal')).toContain('data-testid="withdraw-consent"')
    // Per-device values: on the element that carries the block's styles, hidden on phones.
    expect(el('heading')).toContain(
      '<style>@media (max-width: 1023.98px){[data-widget-id="heading"] > *{font-size:16px !important;margin:0 0 8px !important;padding:8px !important}}',
    )
    expect(el('button')).toContain('[data-widget-id="button"] > p > a{font-size:14px !important')
    // A spacer offers no styles, but may be hidden.
    expect(el('spacer')).toContain(
      '<style>@media (max-width: 767.98px){[data-widget-id="spacer"]{display:none !important}}</style>',
    )
  })

  it('puts each builder section in a <section data-section-id> with its valid styles', () => {
    const html = site(content, {})
    expect(html).toContain(
      '<section data-section-id="s2" class="space-y-4" style="background-color:#ffffff">',
    )
  })

  it('keeps editor hints outside the wrapper, and an empty image renders nothing inside it', () => {
    const empty = readPageContent({ widgets: [{ id: 'e', type: 'image', content: { src: '' } }] })
    if (typeof empty === 'string' || 'sections' in empty) throw new Error('widget list')
    const widget = empty.widgets[0]
    if (!widget) throw new Error('one widget')
    const onCanvasHtml = renderToStaticMarkup(createElement(WidgetView, { widget }))
    const onSiteHtml = renderToStaticMarkup(createElement(PageSections, { content: empty }))
    const wrapper = '<div data-widget-id="e" data-widget-type="image" class="page-widget"></div>'
    expect(widgetElements(onCanvasHtml).get('e')).toBe(wrapper)
    expect(widgetElements(onSiteHtml).get('e')).toBe(wrapper)
    expect(onCanvasHtml).toContain('data-canvas-placeholder')
    expect(onSiteHtml).not.toContain('data-canvas-placeholder')
  })
})

describe('images: sizes and loading', () => {
  it('makes only the page’s first image eager, whatever widget holds it', () => {
    const html = site(
      readPageContent({
        widgets: [
          { id: 'h', type: 'heading', content: { text: 'x' } },
          { id: 't', type: 'text', content: { text: '<img src="/a.png" alt=""><img src="/b.png" alt="">' } },
          { id: 'i', type: 'image', content: { src: '/c.png', alt: '' } },
        ],
      }) as never,
      {},
    )
    expect(html).toContain('<img src="/a.png" alt="" fetchpriority="high" />')
    expect(html).toContain('<img src="/b.png" alt="" loading="lazy" decoding="async" />')
    expect(html).toContain('<img src="/c.png" alt="" loading="lazy" decoding="async"')
    expect(html.match(/fetchpriority="high"/gi)).toHaveLength(1)
  })

  it('gives an image its own pixel size when the library does not know it, and none without one', () => {
    const render = (content: Record<string, unknown>) =>
      site(readPageContent({ widgets: [{ id: 'i', type: 'image', content }] }) as never, {})
    expect(render({ src: '/x.png', alt: 'x', pixelWidth: 640, pixelHeight: 480 })).toContain(
      '<img src="/x.png" alt="x" width="640" height="480" fetchPriority="high"',
    )
    expect(render({ src: '/x.png', alt: 'x' })).toContain('<img src="/x.png" alt="x" fetchPriority="high"')
  })

  it('sizes images in a rich-text page from the map too', () => {
    const html = site('<p>Hi</p><img src="/uploads/a-1600.webp" alt="a">' as never, images)
    expect(html).toContain(
      '<img src="/uploads/a-1600.webp" alt="a" width="1600" height="900" srcset="/uploads/a-480.webp 480w, /uploads/a-1600.webp 1600w" sizes="(max-width: 768px) 100vw, 768px" fetchpriority="high" />',
    )
  })
})

describe('the block registry', () => {
  it('pairs every widget type’s model with one component', () => {
    expect(Object.keys(blocks).sort()).toEqual([...widgetTypes].sort())
    for (const type of widgetTypes) {
      expect(blocks[type].type).toBe(type)
      expect(blocks[type].read).toBe(blockModels[type].read)
      expect(typeof blocks[type].Component).toBe('function')
    }
  })
})
