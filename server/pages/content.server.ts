import sanitizeHtml from 'sanitize-html'
import { safeHref } from '../../core/links.ts'
import {
  isBuilderContent,
  type RenderedPart,
  type RenderedSection,
  readPageContent,
  type Widget,
  type WidgetStyles,
} from '../../core/page-content.ts'
import { safeStyles, styleAttribute } from '../../core/page-styles.ts'
import { EMBED_HOSTS, videoEmbed } from '../../core/video.ts'

/** One to four lengths, as margin and padding take them. */
const LENGTHS = /^(0|-?\d{1,4}(\.\d{1,3})?(px|rem|em|%))( (0|-?\d{1,4}(\.\d{1,3})?(px|rem|em|%))){0,3}$/

export const IFRAME_REFERRER_POLICY = 'strict-origin-when-cross-origin'

/** Link types a page may declare; `opener` and unknown words are dropped. */
const LINK_RELS = new Set([
  'nofollow',
  'sponsored',
  'ugc',
  'noopener',
  'noreferrer',
  'external',
  'author',
  'license',
  'help',
  'tag',
  'bookmark',
  'next',
  'prev',
])

/**
 * A link's `rel`: the allowed words it had, plus `noopener noreferrer` whenever it has a target (a
 * named or new window could otherwise reach back to this page through `window.opener`).
 */
function linkAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const words = (attribs.rel ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => LINK_RELS.has(word))
  if (attribs.target !== undefined) words.push('noopener', 'noreferrer')
  const rel = [...new Set(words)].join(' ')
  const { rel: _dropped, ...rest } = attribs
  return rel ? { ...rest, rel } : rest
}

/**
 * The allow list for page HTML: text, structure, links with safe protocols, images, video and
 * embeds from the two video hosts. Nothing that runs script survives.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'video',
    'source',
    'iframe',
    'figure',
    'figcaption',
    'span',
    'del',
    'ins',
    'sub',
    'sup',
  ],
  allowedAttributes: {
    '*': ['class', 'id', 'style', 'title', 'lang', 'dir'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
    video: ['src', 'controls', 'poster', 'width', 'height', 'preload', 'muted', 'loop', 'playsinline'],
    source: ['src', 'type'],
    iframe: [
      'src',
      'width',
      'height',
      'allow',
      'allowfullscreen',
      'frameborder',
      'loading',
      'referrerpolicy',
    ],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'poster', 'srcset'],
  allowProtocolRelative: false,
  allowedIframeHostnames: EMBED_HOSTS,
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'border-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d+(\.\d+)?(px|rem|em|%)$/],
      // Font lists from the rich-text editor: names, quotes and commas only.
      'font-family': [/^[\w\s,'"-]{1,200}$/],
      'font-weight': [/^\d{3}$|^(normal|bold)$/],
      margin: [LENGTHS],
      // The rich-text editor's indent steps.
      'margin-left': [/^\d{1,3}(\.\d{1,3})?(px|rem|em)$/],
      padding: [LENGTHS],
      'border-width': [LENGTHS],
      'border-radius': [LENGTHS],
      'border-style': [/^solid$/],
      height: [/^\d{1,4}(\.\d{1,3})?(px|rem|em)$/],
      width: [/^\d{1,4}(\.\d{1,3})?(px|%)$/],
      'grid-template-columns': [/^repeat\([1-4], ?minmax\(0, ?1fr\)\)$/],
    },
  },
  // An embed whose address was not allowed would be an empty frame: drop it.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: linkAttributes(attribs) }),
    // Whatever the editor or an import wrote (`unsafe-url` would hand the player the full address).
    iframe: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, referrerpolicy: IFRAME_REFERRER_POLICY },
    }),
  },
}

export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, options)
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

const attr = (styles: WidgetStyles) => {
  const style = styleAttribute(styles)
  return style ? ` style="${escapeHtml(style)}"` : ''
}

/** One widget of the typed model as HTML; the whole result is sanitised again by the caller. */
function renderWidget(widget: Widget): string {
  const style = attr(widget.styles)
  switch (widget.type) {
    case 'text':
      return `<div${style}>${widget.content.text}</div>`
    case 'heading': {
      // The page's own title is its h1: widget headings start at h2.
      const level = Math.min(Math.max(widget.content.level, 2), 6)
      return `<h${level}${style}>${escapeHtml(widget.content.text)}</h${level}>`
    }
    case 'image':
      return widget.content.src
        ? `<img src="${escapeHtml(widget.content.src)}" alt="${escapeHtml(widget.content.alt)}"${style}>`
        : ''
    case 'video': {
      const url = widget.content.url
      if (!url) return ''
      const embed = videoEmbed(url)
      return embed.kind === 'iframe'
        ? `<iframe src="${escapeHtml(embed.src)}" allowfullscreen loading="lazy" title="Video"${style}></iframe>`
        : `<video src="${escapeHtml(embed.src)}" controls${style}></video>`
    }
    case 'button':
      return `<p><a href="${escapeHtml(safeHref(widget.content.link))}" class="widget-button"${style}>${escapeHtml(widget.content.text)}</a></p>`
    case 'spacer': {
      const height = /^\d{1,4}(\.\d{1,3})?(px|rem|em)$/.test(widget.content.height)
        ? widget.content.height
        : '40px'
      return `<div class="widget-spacer" style="height:${height}"></div>`
    }
    case 'divider':
      return `<hr${style}>`
    case 'form':
      // The questionnaire and lead form live on the home page: the widget leads there.
      return `<p><a href="/#calculator" class="widget-button"${style}>${escapeHtml(widget.content.title)}</a></p>`
    case 'columns': {
      const columns = Math.min(Math.max(widget.content.columns, 1), 4)
      const cells = widget.content.texts.map((text) => `<div>${text}</div>`).join('')
      return `<div class="widget-columns" style="grid-template-columns:repeat(${columns}, minmax(0, 1fr))">${cells}</div>`
    }
    case 'gallery':
      return `<div class="widget-gallery"${style}>${widget.content.images
        .filter((image) => image.src)
        .map((image) => `<img src="${escapeHtml(image.src)}" alt="${escapeHtml(image.alt)}" loading="lazy">`)
        .join('')}</div>`
    case 'testimonial':
      return `<figure class="widget-testimonial"${style}><blockquote>${escapeHtml(widget.content.text)}</blockquote><figcaption>${escapeHtml(widget.content.author)}</figcaption></figure>`
    case 'menu':
      return `<nav aria-label="Page menu"${style}><ul>${widget.content.links
        .map((link) => `<li><a href="${escapeHtml(safeHref(link.url))}">${escapeHtml(link.text)}</a></li>`)
        .join('')}</ul></nav>`
  }
}

/**
 * Page content rendered for the site: an HTML string, or the builders' structured content
 * (sections of widgets, or a flat widget list) read into the typed model (core/page-content.ts)
 * first. Every piece of HTML is sanitised; the contact-form widget is left to the page, which puts
 * the real questionnaire and lead form there.
 */
export function renderPageSections(content: unknown): RenderedSection[] {
  const model = readPageContent(content)
  if (typeof model === 'string')
    return [{ id: 'html', styles: null, parts: [{ html: sanitizePageHtml(model) }] }]
  const sections = isBuilderContent(model)
    ? model.sections
    : [{ id: 'widgets', widgets: model.widgets, styles: {} }]
  return sections
    .map((section) => {
      const parts: RenderedPart[] = []
      let html = ''
      const flush = () => {
        const safe = sanitizePageHtml(html)
        if (safe) parts.push({ html: safe })
        html = ''
      }
      for (const widget of section.widgets) {
        if (widget.type === 'form') {
          flush()
          parts.push({ form: { title: widget.content.title, styles: safeStyles(widget.styles) } })
        } else {
          html += renderWidget(widget)
        }
      }
      flush()
      return { id: section.id, styles: safeStyles(section.styles), parts }
    })
    .filter((section) => section.parts.length > 0)
}

/** The same content as one HTML string (feeds, tests): the form widget becomes a link to the form. */
export function renderPageContent(content: unknown): string {
  const model = readPageContent(content)
  if (typeof model === 'string') return sanitizePageHtml(model)
  const sections = isBuilderContent(model)
    ? model.sections
    : [{ id: 'widgets', widgets: model.widgets, styles: {} }]
  const html = sections
    .map((section) => {
      const inner = section.widgets.map(renderWidget).join('')
      return inner ? `<section${attr(section.styles)}>${inner}</section>` : ''
    })
    .join('')
  return sanitizePageHtml(html)
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function sanitizeWidgetHtml(widget: unknown): unknown {
  if (!isRecord(widget) || !isRecord(widget.content)) return widget
  const content = { ...widget.content }
  if (widget.type === 'text' && typeof content.text === 'string') {
    content.text = sanitizePageHtml(content.text)
  }
  if (widget.type === 'columns' && Array.isArray(content.texts)) {
    content.texts = content.texts.map((t) => (typeof t === 'string' ? sanitizePageHtml(t) : t))
  }
  return { ...widget, content }
}

/**
 * Content as it is stored: HTML strings sanitised, and the HTML inside text widgets too. The shape
 * of structured content is kept as sent (the renderer reads it into the model on the way out).
 */
export function sanitizeStoredContent(content: unknown): unknown {
  if (typeof content === 'string') return sanitizePageHtml(content)
  if (!isRecord(content)) return content
  const out: Record<string, unknown> = { ...content }
  if (Array.isArray(content.sections)) {
    out.sections = content.sections.map((section) =>
      isRecord(section) && Array.isArray(section.widgets)
        ? { ...section, widgets: section.widgets.map(sanitizeWidgetHtml) }
        : section,
    )
  }
  if (Array.isArray(content.widgets)) out.widgets = content.widgets.map(sanitizeWidgetHtml)
  return out
}
