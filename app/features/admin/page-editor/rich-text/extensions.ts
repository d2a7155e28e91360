import { type CommandProps, Extension, type Extensions, getStyleProperty, Node } from '@tiptap/core'
import { Image } from '@tiptap/extension-image'
import { TextAlign } from '@tiptap/extension-text-align'
import { BackgroundColor, Color, FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style'
import { StarterKit } from '@tiptap/starter-kit'
import { safeHref } from '../../../../../core/links.ts'
import { isEmbeddableSrc, isPlayableSrc } from '../../../../../core/video.ts'
import { safeStyle } from './safe-style.ts'

/** The class of the box around an embedded player (app.css makes it responsive on pages). */
export const VIDEO_WRAPPER = 'video-embed'
export const INDENT_STEP_REM = 2
export const MAX_INDENT = 8
const INDENTED = ['paragraph', 'heading']

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    indent: {
      /** One indent step more for the selected paragraphs and headings. */
      indent: () => ReturnType
      /** One indent step less. */
      outdent: () => ReturnType
    }
  }
}

/** The indent level of a left margin (in rem, em or px), in whole steps. */
export function indentLevel(marginLeft: string | null | undefined): number {
  const match = /^(\d+(?:\.\d+)?)(rem|em|px)$/.exec((marginLeft ?? '').trim())
  if (!match) return 0
  const rem = Number(match[1]) / (match[2] === 'px' ? 16 : 1)
  return Math.min(MAX_INDENT, Math.max(0, Math.round(rem / INDENT_STEP_REM)))
}

const changeIndent =
  (delta: number) =>
  ({ tr, dispatch }: CommandProps) => {
    let changed = false
    tr.doc.nodesBetween(tr.selection.from, tr.selection.to, (node, pos) => {
      if (!INDENTED.includes(node.type.name)) return true
      const indent = Math.min(MAX_INDENT, Math.max(0, Number(node.attrs.indent ?? 0) + delta))
      if (indent !== node.attrs.indent) {
        changed = true
        if (dispatch) tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent })
      }
      return false
    })
    return changed
  }

/** Indent of paragraphs and headings, as a left margin in steps (lists indent by nesting instead). */
export const Indent = Extension.create({
  name: 'indent',
  addGlobalAttributes() {
    return [
      {
        types: INDENTED,
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element) =>
              indentLevel(getStyleProperty(element, 'margin-left') ?? element.style.marginLeft),
            renderHTML: (attributes) =>
              attributes.indent > 0
                ? { style: `margin-left: ${attributes.indent * INDENT_STEP_REM}rem` }
                : {},
          },
        },
      },
    ]
  },
  addCommands() {
    return { indent: () => changeIndent(1), outdent: () => changeIndent(-1) }
  },
})

/** `class` and `id` on text blocks, so anchors and styling hooks written in Code View survive. */
export const BlockAttributes = Extension.create({
  name: 'blockAttributes',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading', 'blockquote', 'bulletList', 'orderedList', 'listItem'],
        attributes: {
          // Not copied into the new block when one is split (Enter): ids must stay unique.
          class: {
            default: null,
            keepOnSplit: false,
            parseHTML: (element) => element.getAttribute('class') || null,
          },
          id: {
            default: null,
            keepOnSplit: false,
            parseHTML: (element) => element.getAttribute('id') || null,
          },
        },
      },
    ]
  },
})

/** A `<div>` block, keeping its class, id and the safe part of its style. */
export const DivBlock = Node.create({
  name: 'divBlock',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes() {
    return {
      class: { default: null, parseHTML: (element) => element.getAttribute('class') || null },
      id: { default: null, parseHTML: (element) => element.getAttribute('id') || null },
      style: {
        default: null,
        parseHTML: (element) => safeStyle(element.getAttribute('style') ?? '') || null,
        renderHTML: (attributes) => {
          const style = safeStyle(String(attributes.style ?? ''))
          return style ? { style } : {}
        },
      },
    }
  },
  parseHTML() {
    // The wrapper of a video is the video's own; its player is parsed by the video nodes.
    return [{ tag: 'div', getAttrs: (element) => (element.classList.contains(VIDEO_WRAPPER) ? false : null) }]
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', HTMLAttributes, 0]
  },
})

/** A YouTube or Vimeo player: an iframe from the embed hosts only, in a responsive box. */
export const VideoEmbed = Node.create({
  name: 'videoEmbed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: { default: null, parseHTML: (element) => element.getAttribute('src') },
      title: { default: null, parseHTML: (element) => element.getAttribute('title') },
    }
  },
  parseHTML() {
    return [
      {
        tag: 'iframe',
        getAttrs: (element) => (isEmbeddableSrc(element.getAttribute('src') ?? '') ? null : false),
      },
    ]
  },
  renderHTML({ node }) {
    const src = String(node.attrs.src ?? '')
    return [
      'div',
      { class: VIDEO_WRAPPER },
      [
        'iframe',
        {
          src: isEmbeddableSrc(src) ? src : 'about:blank',
          title: node.attrs.title || 'Embedded video',
          // `allow` covers full screen: with allowfullscreen as well, browsers warn that it is ignored.
          allow: 'encrypted-media; fullscreen; picture-in-picture',
          loading: 'lazy',
          referrerpolicy: 'strict-origin-when-cross-origin',
        },
      ],
    ]
  },
})

const videoSource = (element: HTMLElement) =>
  element.getAttribute('src') ?? element.querySelector('source[src]')?.getAttribute('src') ?? null

/** A video file played by the browser: `<video src controls>`, web addresses and site paths only. */
export const VideoFile = Node.create({
  name: 'videoFile',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: { default: null, parseHTML: videoSource },
      title: { default: null, parseHTML: (element) => element.getAttribute('title') },
    }
  },
  parseHTML() {
    return [
      { tag: 'video', getAttrs: (element) => (isPlayableSrc(videoSource(element) ?? '') ? null : false) },
    ]
  },
  renderHTML({ node }) {
    const src = String(node.attrs.src ?? '')
    return [
      'div',
      { class: VIDEO_WRAPPER },
      [
        'video',
        {
          src: isPlayableSrc(src) ? src : 'about:blank',
          title: node.attrs.title,
          controls: '',
          preload: 'metadata',
        },
      ],
    ]
  },
})

/** Images keep what responsive markup needs (the upload answers with srcset, sizes and a class). */
const RichImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      class: { default: null },
      srcset: { default: null },
      sizes: { default: null },
      loading: { default: null },
      decoding: { default: null },
    }
  },
})

/** Allowed link addresses: what `safeHref` keeps, and about:blank, which it makes of the rest. */
export const isAllowedLinkHref = (href: string) =>
  href.trim() === 'about:blank' || safeHref(href) !== 'about:blank'

/** Everything the rich-text editor can hold; anything else is reported by Code View before it is lost. */
/**
 * The editor's extensions. `undoRedo: false` where another history owns undo (the visual builder's
 * Text block: its undo walks the whole page, typing included).
 */
export function richTextExtensions({ undoRedo = true }: { undoRedo?: boolean } = {}): Extensions {
  return [
    StarterKit.configure({
      ...(undoRedo ? {} : { undoRedo: false }),
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      link: {
        openOnClick: false,
        // Autolinked marks are inclusive: typing after a link would go on extending it.
        autolink: false,
        defaultProtocol: 'https',
        isAllowedUri: (url) => isAllowedLinkHref(url),
        HTMLAttributes: { rel: 'noopener noreferrer', target: null },
      },
    }),
    RichImage.configure({ inline: true, allowBase64: false }),
    TextStyle,
    Color,
    BackgroundColor,
    FontFamily,
    FontSize,
    TextAlign.configure({
      types: ['heading', 'paragraph'],
      alignments: ['left', 'center', 'right', 'justify'],
    }),
    Indent,
    BlockAttributes,
    DivBlock,
    VideoEmbed,
    VideoFile,
  ]
}
