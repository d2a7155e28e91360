import { share } from './figures.ts'
import { applicationPaths } from './paths.ts'
import type { AnalyticsEvent, FunnelStep } from './schemas/analytics.ts'

/**
 * What analytics counts, as pure functions (docs/decisions/0037-analytics.md): who is a bot, which
 * device class a user agent is, the referrer's domain, which funnel stage an event reaches, and the
 * funnel's order.
 */

/**
 * Crawlers, previews, monitors, automation tools and HTTP libraries: their requests are not visits.
 * A headless browser is not on the list by its name alone: people's tools, tests and assistive
 * software run one, and scrapers that mind being counted change the name anyway; its interaction
 * beacons still need human timing.
 */
export const BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|scrap|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|preview|facebookexternalhit|embedly|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|httpclient|libwww|http_request|phantom|selenium|puppeteer|playwright|ahrefs|semrush|mj12|petal|yandex|baidu|bingpreview/i

/** A request is a bot's when its user agent says so, or when it has none or an implausibly short one. */
export function isBotAgent(userAgent: string | null | undefined): boolean {
  const ua = userAgent?.trim() ?? ''
  return ua.length < 10 || BOT_PATTERN.test(ua)
}

export const deviceClasses = ['mobile', 'tablet', 'desktop'] as const
export type DeviceClass = (typeof deviceClasses)[number]

/** The device class a user agent names (all that is kept of it). */
export function deviceClass(userAgent: string | null | undefined): DeviceClass {
  const ua = userAgent ?? ''
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)\b|Android(?!.*Mobile)/i.test(ua)) return 'tablet'
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini|IEMobile/i.test(ua)) return 'mobile'
  return 'desktop'
}

/** The referrer's host without `www.` (all that is kept of it); null for none, a bad URL or this site. */
export function referrerDomain(referrer: string | null | undefined, ownHost?: string): string | null {
  if (!referrer) return null
  let host: string
  try {
    const url = new URL(referrer)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    host = url.hostname.toLowerCase()
  } catch {
    return null
  }
  if (ownHost && host === ownHost.toLowerCase().replace(/:\d+$/, '')) return null
  return host.replace(/^www\./, '').slice(0, 200) || null
}

/**
 * The funnel stages, in order. A visitor reaches each at most once a day; `step` stages are one per
 * question id. `pageview` is the server's count of pages it served; `js_pageview` (the beacon's)
 * only says the visitor ran JavaScript, and `not_eligible` is kept beside the funnel.
 */
export const stages = [
  'visit',
  'pageview',
  'js_pageview',
  'questionnaire_start',
  'step',
  'eligible',
  'not_eligible',
  'form_start',
  'lead',
] as const
export type Stage = (typeof stages)[number]

/** Nothing a person does on a page happens this soon after it loads. */
export const MIN_HUMAN_MS = 150

/**
 * The stage a beacon event counts for, or null when it is not counted: a `lead` beacon (the
 * server's record at capture is the one that counts), or an interaction with no timing or one
 * sooner than a person could act (a script replaying events).
 */
export function beaconStage(event: AnalyticsEvent): Stage | null {
  if (event.type === 'lead') return null
  if (event.type === 'pageview') return 'js_pageview'
  if (event.elapsed === undefined || event.elapsed < MIN_HUMAN_MS) return null
  if (event.type === 'step') return event.step ? 'step' : null
  if (event.type === 'result') {
    if (!event.result) return null
    return event.result === 'eligible' ? 'eligible' : 'not_eligible'
  }
  return event.type
}

/**
 * What one UK day may add to the rollups (docs/decisions/0054-bounded-analytics.md): each free-text
 * dimension keeps at most VALUES_PER_DAY values of at most VALUE_MAX_LENGTH characters, and the day
 * at most KEYS_PER_DAY first-touch keys; anything beyond counts as OTHER. Paths, steps and variants
 * are not capped: only those the site has are accepted.
 */
export const OTHER = '(other)'
export const VALUE_MAX_LENGTH = 100
export const VALUES_PER_DAY = 100
export const KEYS_PER_DAY = 500
export const cappedDimensions = ['utmSource', 'utmCampaign', 'utmMedium', 'referrer'] as const
export type CappedDimension = (typeof cappedDimensions)[number]

/** A page path as analytics keys it: lower case (routing ignores case), no trailing slash. */
export function canonicalPath(path: string): string {
  const lower = path.toLowerCase()
  return lower.length > 1 && lower.endsWith('/') ? lower.replace(/\/+$/, '') || '/' : lower
}

/** The public pages the site serves: its built-in pages and every published page (by slug). */
export function servedPaths(publishedSlugs: Iterable<string>): Set<string> {
  const paths = new Set<string>(applicationPaths.filter((p) => p.kind === 'page').map((p) => p.path))
  for (const slug of publishedSlugs) paths.add(slug === 'home' ? '/' : `/${slug}`)
  return paths
}

/** A reach count per stage and step, as the rollups give it. */
export type Reach = { stage: string; step: string; visitors: number }

/** The lead figures the funnel ends with, credited to each lead's own recorded attribution. */
export type LeadTotals = { leads: number; sold: number }

/**
 * The funnel in order: visitors, questionnaire starts, each question (in the live questionnaire's
 * order, then any other, most answered first), eligible results, form starts, visitors who sent a
 * lead, then leads sold. Visitor steps are shares of the visitors; the sold step is a share of the
 * leads (a visitor may send several), so no step's share exceeds 1
 * (docs/decisions/0066-figures-that-add-up.md). `titles` labels a question step by its text.
 */
export function funnelSteps(
  reach: Reach[],
  { leads, sold }: LeadTotals,
  questionOrder: readonly string[] = [],
  titles: ReadonlyMap<string, string> = new Map(),
): FunnelStep[] {
  const count = (stage: Stage) =>
    reach.filter((r) => r.stage === stage).reduce((sum, r) => sum + r.visitors, 0)
  const place = (step: string) => {
    const i = questionOrder.indexOf(step)
    return i < 0 ? questionOrder.length : i
  }
  const visitors = count('visit')
  const ofVisitors = (name: string, label: string, n: number): FunnelStep => ({
    name,
    label,
    count: n,
    of: 'visitors',
    share: share(n, visitors),
  })
  const questions = reach
    .filter((r) => r.stage === 'step' && r.visitors > 0)
    .sort((a, b) => place(a.step) - place(b.step) || b.visitors - a.visitors || a.step.localeCompare(b.step))
  return [
    ofVisitors('visitors', 'Visitors', visitors),
    ofVisitors('questionnaire_start', 'Started the questionnaire', count('questionnaire_start')),
    ...questions.map((q) =>
      ofVisitors(`step:${q.step}`, `Answered “${titles.get(q.step) ?? q.step}”`, q.visitors),
    ),
    ofVisitors('eligible', 'Eligible result', count('eligible')),
    ofVisitors('form_start', 'Started the form', count('form_start')),
    ofVisitors('lead', 'Visitors who sent a lead', count('lead')),
    { name: 'sold', label: 'Leads sold', count: sold, of: 'leads', share: share(sold, leads) },
  ]
}

/**
 * The share of the step before lost at each step (null for the first, and where the step before
 * counts something else: visitors before leads).
 */
export function dropOff(steps: readonly FunnelStep[]): (number | null)[] {
  return steps.map((step, i) => {
    const before = steps[i - 1]
    if (!before || before.of !== step.of) return null
    return before.count > 0 ? Math.max(0, (before.count - step.count) / before.count) : 0
  })
}

/** `part / whole`, 0 when there is no whole: an average (revenue per visitor), not a share. */
export function rate(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0
}
