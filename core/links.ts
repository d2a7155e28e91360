/**
 * Link addresses on pages: http, https, mailto and tel, and addresses on this site. Anything else
 * (javascript:, data:, vbscript:, protocol-relative //host) becomes about:blank (SPEC section 2).
 */
export function safeHref(value: string): string {
  // Browsers ignore these characters inside a scheme ("java\tscript:"), so the check must too.
  const href = [...value].filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f).join('')
  if (/^\/(?![/\\])/.test(href) || href.startsWith('#') || href.startsWith('?')) return value.trim()
  if (/^(https?:\/\/|mailto:|tel:)/i.test(href)) return value.trim()
  return 'about:blank'
}

/**
 * An image address a page may show: a web address, a path on this site or an inline raster image
 * (as the HTML allow list takes them). Anything else is no image at all.
 */
export function isSafeImageSrc(value: string): boolean {
  const src = value.trim()
  return /^(https?:\/\/[^/\s]|\/(?![/\\]))/i.test(src) || /^data:image\/(png|jpe?g|gif|webp|avif);/i.test(src)
}

/** A link's `href` for React: nothing at all when the address is not allowed (no dead about:blank). */
export function linkHref(value: string): string | undefined {
  const href = safeHref(value)
  return href === 'about:blank' ? undefined : href
}
