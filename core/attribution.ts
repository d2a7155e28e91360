import { z } from 'zod'

/**
 * Where a lead came from: the tracking parameters of the visitor's landing URL, the referrer and
 * the landing page. Kept in page memory while the visitor is on the site (no device storage
 * without consent) and sent with the lead.
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

const noControls = (v: string) => !/\p{Cc}|\p{Cf}/u.test(v)
const field = (key: AttributionKey) =>
  z
    .string({ error: `${key} must be text` })
    .trim()
    .max(attributionLimits[key], `${key} must be at most ${attributionLimits[key]} characters`)
    .refine(noControls, `${key} contains characters that are not allowed`)
    .nullish()
    .transform((v) => v || undefined)

/** `attribution` of `POST /api/leads` (and the no-JavaScript form's hidden fields). */
export const attributionSchema = z.object({
  utm_source: field('utm_source'),
  utm_medium: field('utm_medium'),
  utm_campaign: field('utm_campaign'),
  utm_term: field('utm_term'),
  utm_content: field('utm_content'),
  gclid: field('gclid'),
  gbraid: field('gbraid'),
  wbraid: field('wbraid'),
  fbclid: field('fbclid'),
  msclkid: field('msclkid'),
  referrer: field('referrer'),
  landing_page: field('landing_page'),
})

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
