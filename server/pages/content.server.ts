import sanitizeHtml from 'sanitize-html'
import type { PageContent } from '../db/schema.ts'

const VIDEO_HOSTS = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com']

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
  allowedIframeHostnames: VIDEO_HOSTS,
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d+(\.\d+)?(px|rem|em|%)$/],
      'font-weight': [/^\d{3}$|^(normal|bold)$/],
    },
  },
  // An embed whose address was not allowed would be an empty frame: drop it.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
}

export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, options)
}

type Widget = { type?: unknown; content?: Record<string, unknown> | null }
const text = (value: unknown) => (typeof value === 'string' ? value : '')
const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

/** An embeddable address for a video page URL of the two hosts, or the URL itself (direct video). */
export function videoEmbed(url: string): { kind: 'iframe' | 'video'; src: string } {
  const youtube =
    /^https?:\/\/(?:www\.|m\.)?youtube\.com\/watch\?(?:.*&)?v=([\w-]{6,})/.exec(url) ??
    /^https?:\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/(?:embed|shorts)\/([\w-]{6,})/.exec(url) ??
    /^https?:\/\/youtu\.be\/([\w-]{6,})/.exec(url)
  if (youtube) return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${youtube[1]}` }
  const vimeo = /^https?:\/\/(?:www\.)?vimeo\.com\/(\d+)/.exec(url)
  if (vimeo) return { kind: 'iframe', src: `https://player.vimeo.com/video/${vimeo[1]}` }
  return { kind: 'video', src: url }
}

function renderWidget(widget: Widget): string {
  const content = widget.content ?? {}
  switch (widget.type) {
    case 'text':
      return `<div>${text(content.text)}</div>`
    case 'heading': {
      const level = Math.min(Math.max(Number(content.level) || 2, 2), 6)
      return `<h${level}>${escapeHtml(text(content.text))}</h${level}>`
    }
    case 'image':
      return text(content.src)
        ? `<img src="${escapeHtml(text(content.src))}" alt="${escapeHtml(text(content.alt))}">`
        : ''
    case 'video': {
      const url = text(content.url) || text(content.src)
      if (!url) return ''
      const embed = videoEmbed(url)
      return embed.kind === 'iframe'
        ? `<iframe src="${escapeHtml(embed.src)}" allowfullscreen loading="lazy" title="Video"></iframe>`
        : `<video src="${escapeHtml(embed.src)}" controls></video>`
    }
    default:
      return ''
  }
}

/**
 * Page content as safe HTML: an HTML string, or the builders' structured content (sections of
 * widgets, or a flat widget list). Structured widgets the public site cannot show yet are skipped.
 */
export function renderPageContent(content: PageContent): string {
  if (typeof content === 'string') return sanitizePageHtml(content)
  const sections = Array.isArray(content.sections)
    ? (content.sections as { widgets?: unknown }[])
    : [{ widgets: content.widgets }]
  const html = sections
    .map((section) =>
      Array.isArray(section.widgets) ? (section.widgets as Widget[]).map(renderWidget).join('') : '',
    )
    .map((inner) => (inner ? `<section>${inner}</section>` : ''))
    .join('')
  return sanitizePageHtml(html)
}
