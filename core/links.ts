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
