import { safeHref } from '../../../../../core/links.ts'

/** File endings that make "name.ext" a file on this site rather than a domain. */
const FILE_ENDINGS = /\.(html?|php|aspx?|jpe?g|png|gif|webp|svg|pdf|mp4|webm|txt|csv)([?#]|$)/i

/**
 * The link address for what an operator typed: an e-mail address becomes mailto:, a phone number
 * tel:, a bare domain (www.example.com/page) https://; anything else goes through `safeHref`, so
 * another protocol ends as about:blank.
 */
export function linkHref(input: string): string {
  const value = input.trim()
  if (/^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/.test(value)) return `mailto:${value}`
  if (/^\+?[\d\s().-]{7,}$/.test(value) && /\d{7}/.test(value.replace(/\D/g, ''))) {
    return `tel:${value.replace(/[^\d+]/g, '')}`
  }
  const domain = value.split(/[/?#]/)[0] ?? ''
  if (/^(?:[a-z\d-]+\.)+[a-z]{2,}$/i.test(domain) && !FILE_ENDINGS.test(domain)) {
    return safeHref(`https://${value}`)
  }
  return safeHref(value)
}
