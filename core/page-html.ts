import sanitizeHtml from 'sanitize-html'
import { IMAGE_SIZES, type ImageInfoMap } from './image-info.ts'
import { EMBED_HOSTS } from './video.ts'

/**
 * The one sanitiser for page HTML (rich-text pages, text widgets, column texts), on the server
 * (saving, rendering) and in the admin's browser (canvas, preview), so both show the same markup.
 * Never import this from the public islands bundle: sanitize-html is ~60 KB gzipped.
 */

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
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding', 'fetchpriority'],
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

/**
 * How images in the HTML are rendered: `images` gives an upload's size and renditions; `lead` says
 * this HTML holds the page's first image, which is eager with `fetchpriority="high"`; every other
 * image is `loading="lazy" decoding="async"` (the rule: app/features/blocks/block-context.tsx).
 * A `loading` the page's own markup gives (an uploaded image's snippet says lazy) is kept.
 */
export type ImageRendering = { images: ImageInfoMap; lead: boolean }

function imageTransform(rendering: ImageRendering): sanitizeHtml.Transformer {
  let first = true
  return (tagName, attribs) => {
    const info = rendering.images[attribs.src ?? '']
    const out: sanitizeHtml.Attributes = { ...attribs }
    const authored = attribs.loading === 'lazy' || attribs.loading === 'eager'
    if (!authored) {
      delete out.loading
      delete out.decoding
    }
    delete out.fetchpriority
    if (info) {
      out.width = String(info.width)
      out.height = String(info.height)
      out.srcset = info.srcset
      out.sizes = IMAGE_SIZES
    }
    if (authored) {
      if (rendering.lead && first && attribs.loading === 'eager') out.fetchpriority = 'high'
    } else if (rendering.lead && first) out.fetchpriority = 'high'
    else {
      out.loading = 'lazy'
      out.decoding = 'async'
    }
    first = false
    return { tagName, attribs: out }
  }
}

/** Page HTML through the allow list; with `rendering`, images also get their size and loading. */
export function sanitizePageHtml(html: string, rendering?: ImageRendering): string {
  if (!rendering) return sanitizeHtml(html, options)
  return sanitizeHtml(html, {
    ...options,
    transformTags: { ...options.transformTags, img: imageTransform(rendering) },
  })
}
