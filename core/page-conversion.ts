import { linkHref } from './links.ts'
import {
  type BuilderContent,
  type PageContent,
  readPageContent,
  type Widget,
  widgetLabels,
} from './page-content.ts'

/**
 * Moving a page between its two editors (docs/decisions/0061-editor-switching-and-placeholders.md).
 * Rich text to blocks loses nothing: the HTML becomes one Text block. Blocks to rich text keeps
 * every widget's words, links and images as plain HTML and says what it cannot keep (the claim
 * form, spacers, every style), so the editor can ask before it converts.
 */

export type Conversion<T> = { content: T; lost: string[] }

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const attr = (name: string, value: string | undefined) => (value ? ` ${name}="${escapeHtml(value)}"` : '')

const image = (src: string, alt: string) =>
  src.trim() ? `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}">` : ''

/** Whether structured content holds no widget at all (switching away from it loses nothing). */
export function hasNoWidgets(content: PageContent): boolean {
  if (typeof content === 'string') return !content.trim()
  const model = readPageContent(content)
  if (typeof model === 'string') return !model.trim()
  const widgets = 'sections' in model ? model.sections.flatMap((s) => s.widgets) : model.widgets
  return widgets.length === 0
}

/** One widget as rich-text HTML, or null when rich text has no equivalent for it. */
function widgetHtml(widget: Widget): string | null {
  switch (widget.type) {
    case 'text':
      return widget.content.text
    case 'heading':
      return `<h${widget.content.level}>${escapeHtml(widget.content.text)}</h${widget.content.level}>`
    case 'image':
      return widget.content.src.trim() ? `<p>${image(widget.content.src, widget.content.alt)}</p>` : ''
    case 'button': {
      const href = linkHref(widget.content.link)
      return `<p><a${attr('href', href)}>${escapeHtml(widget.content.text)}</a></p>`
    }
    case 'divider':
      return '<hr>'
    case 'columns':
      return widget.content.texts.join('')
    case 'gallery':
      return widget.content.images.length
        ? `<p>${widget.content.images.map((i) => image(i.src, i.alt)).join('')}</p>`
        : ''
    case 'testimonial':
      return `<blockquote><p>${escapeHtml(widget.content.text)}</p><p>${escapeHtml(widget.content.author)}</p></blockquote>`
    case 'menu':
      return widget.content.links.length
        ? `<ul>${widget.content.links.map((l) => `<li><a${attr('href', linkHref(l.url))}>${escapeHtml(l.text)}</a></li>`).join('')}</ul>`
        : ''
    case 'video':
      return widget.content.url.trim()
        ? `<p><a${attr('href', linkHref(widget.content.url))}>${escapeHtml(widget.content.url)}</a></p>`
        : ''
    case 'faq':
      return widget.content.items
        .map((item) => `<h3>${escapeHtml(item.question)}</h3>${item.answer}`)
        .join('')
    case 'policy':
      return widget.content.sections
        .map((section) => `<h2>${escapeHtml(section.title)}</h2>${section.body}`)
        .join('')
    case 'spacer':
    case 'form':
    case 'hero':
    case 'stats':
    case 'steps':
    case 'questionnaire':
    case 'page-title':
    case 'evidence':
    case 'receipt':
      return null
  }
}

/**
 * Blocks as one rich-text HTML string, in page order. `lost` names, once each, what the HTML
 * cannot hold: widget types without an equivalent, and styles (the rich text has none of them).
 */
export function blocksToRichText(content: PageContent): Conversion<string> {
  const model = readPageContent(content)
  if (typeof model === 'string') return { content: model, lost: [] }
  const sections = 'sections' in model ? model.sections : [{ widgets: model.widgets, styles: {} }]
  const lost = new Set<string>()
  const parts: string[] = []
  for (const section of sections) {
    if (Object.keys(section.styles).length) lost.add('Section styles')
    for (const widget of section.widgets) {
      const html = widgetHtml(widget)
      if (html === null) lost.add(`${widgetLabels[widget.type]} widgets`)
      else parts.push(html)
      if (Object.keys(widget.styles).length) lost.add('Widget styles')
      if (widget.type === 'video') lost.add('Video players (kept as links)')
      if (widget.type === 'button') lost.add('Buttons (kept as links)')
    }
  }
  return { content: parts.join(''), lost: [...lost] }
}

/** Rich text as blocks: the whole HTML in one Text block of one section, so nothing is lost. */
export function richTextToBlocks(html: string, newId: (prefix: string) => string): BuilderContent {
  if (!html.trim()) return { sections: [] }
  return {
    sections: [
      {
        id: newId('s'),
        styles: {},
        widgets: [{ id: newId('w'), type: 'text', content: { text: html }, styles: {} }],
      },
    ],
  }
}

/** A widget a template marked as sample content, with where it is, for the publish warning. */
export type PlaceholderWidget = { id: string; type: Widget['type']; label: string; section: number }

/**
 * The widgets still holding a template's sample content (marked `placeholder` in the template's
 * data; editing a widget's content clears the mark). Publishing a page with any asks first.
 */
export function placeholderWidgets(content: unknown): PlaceholderWidget[] {
  const model = readPageContent(content)
  if (typeof model === 'string') return []
  const sections = 'sections' in model ? model.sections : [{ widgets: model.widgets }]
  return sections.flatMap((section, index) =>
    section.widgets
      .filter((widget) => widget.placeholder === true)
      .map((widget) => ({
        id: widget.id,
        type: widget.type,
        label: widgetLabels[widget.type],
        section: index + 1,
      })),
  )
}
