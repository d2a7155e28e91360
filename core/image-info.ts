/**
 * What the site knows of an uploaded image (the media library), keyed by the URL a page stores:
 * the largest rendition's `/uploads/{key}`. Renderers add `width`/`height` (no layout shift) and
 * `srcset`/`sizes` from it; an image the library does not know keeps what the page gave it.
 */
export type ImageInfo = { width: number; height: number; srcset: string }
export type ImageInfoMap = Readonly<Record<string, ImageInfo>>

/** Below the 768px tablet width an image spans the screen; above it, the content column. */
export const IMAGE_SIZES = '(max-width: 768px) 100vw, 768px'

/** Only the images `content` mentions (any JSON), so a page carries what it shows, not the library. */
export function imagesIn(images: ImageInfoMap, content: unknown): ImageInfoMap {
  const text = typeof content === 'string' ? content : JSON.stringify(content)
  return Object.fromEntries(Object.entries(images).filter(([url]) => text.includes(url)))
}
