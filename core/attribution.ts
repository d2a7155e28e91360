/**
 * Where a lead came from: the tracking parameters of the visitor's landing URL, the referrer and
 * the landing page. Kept in page memory (no device storage without consent), carried to the next
 * public page in the address of the link followed, and sent with the lead.
 */
export const attributionKeys = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
  'ttclid',
  'referrer',
  'landing_page',
] as const
export type AttributionKey = (typeof attributionKeys)[number]
export type Attribution = Partial<Record<AttributionKey, string>>

/** The URL-parameter keys (the rest come from the page, not its query). */
export const trackingParams = attributionKeys.filter((k) => k !== 'referrer' && k !== 'landing_page')

const URL_MAX = 500
const VALUE_MAX = 200
export const attributionLimits: Record<AttributionKey, number> = Object.fromEntries(
  attributionKeys.map((k) => [k, k === 'referrer' || k === 'landing_page' ? URL_MAX : VALUE_MAX]),
) as Record<AttributionKey, number>

/** Attribution from a landing URL and referrer; values cut to their limits, empty ones left out. */
export function attributionFromUrl(href: string, referrer: string | null | undefined): Attribution {
  const out: Attribution = {}
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return out
  }
  for (const key of trackingParams) {
    const value = url.searchParams.get(key)?.trim()
    if (value) out[key] = value.slice(0, attributionLimits[key])
  }
  out.landing_page = `${url.origin}${url.pathname}${url.search}`.slice(0, URL_MAX)
  const ref = referrer?.trim()
  if (ref) out.referrer = ref.slice(0, URL_MAX)
  return out
}

/**
 * The href of an internal link with the visitor's tracking parameters added, so they reach the
 * next page's URL instead of the device (the way Consent Mode's URL passthrough carries gclid).
 * Null when the link needs nothing: another site, the admin or API, the same page (a fragment),
 * a link that carries tracking parameters of its own, or nothing to carry.
 */
export function carryTrackingParams(href: string, attribution: Attribution, pageUrl: string): string | null {
  const carried = trackingParams.filter((key) => attribution[key])
  if (carried.length === 0) return null
  let url: URL
  let page: URL
  try {
    page = new URL(pageUrl)
    url = new URL(href, page)
  } catch {
    return null
  }
  if (url.origin !== page.origin || url.pathname === page.pathname) return null
  if (/^\/(admin|api)(\/|$)/.test(url.pathname)) return null
  if (trackingParams.some((key) => url.searchParams.has(key))) return null
  for (const key of carried) url.searchParams.set(key, attribution[key] as string)
  return url.href
}
