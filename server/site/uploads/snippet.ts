export type SnippetRendition = { url: string; width: number; height: number }

export type ImageSnippet = {
  htmlSnippet: string
  /** The largest rendition. */
  url: string
  width: number
  height: number
  srcset: string
}

import { IMAGE_SIZES } from '../../../core/image-info.ts'

export { IMAGE_SIZES }

const escapeAttribute = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

/**
 * The `<img>` an editor pastes into a page: the largest rendition as `src` (and its size, so the
 * layout does not jump), every rendition in `srcset`, lazy loading. Renditions are in any order.
 */
export function imageSnippet(renditions: SnippetRendition[], alt: string, className = ''): ImageSnippet {
  const sorted = [...renditions].sort((a, b) => a.width - b.width)
  const largest = sorted.at(-1)
  if (!largest) throw new Error('An image snippet needs at least one rendition')
  const srcset = sorted.map((r) => `${r.url} ${r.width}w`).join(', ')
  const attributes: [string, string | number][] = [
    ['src', largest.url],
    ['srcset', srcset],
    ['sizes', IMAGE_SIZES],
    ['width', largest.width],
    ['height', largest.height],
    ['alt', alt],
    ...(className ? ([['class', className]] as [string, string][]) : []),
    ['loading', 'lazy'],
    ['decoding', 'async'],
  ]
  const htmlSnippet = `<img ${attributes.map(([name, value]) => `${name}="${escapeAttribute(String(value))}"`).join(' ')}>`
  return { htmlSnippet, url: largest.url, width: largest.width, height: largest.height, srcset }
}
