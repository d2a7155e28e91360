import { countingChoice } from '../../../core/counting.ts'
import type { AnalyticsEvent } from '../../../core/schemas/analytics.ts'
import { currentAttribution } from '../attribution/attribution-store.ts'

/**
 * Sends an analytics event with `navigator.sendBeacon` (docs/decisions/0037-analytics.md): no
 * cookie, nothing on the device. `elapsed` tells the server a person had time to act. `once`
 * keys an event sent at most once per page load (a questionnaire start, a question answered).
 */
const sent = new Set<string>()

export function track(event: Omit<AnalyticsEvent, 'path' | 'attribution' | 'elapsed'>, once?: string): void {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return
  // The server would not count it either (docs/decisions/0077-objecting-to-counting.md).
  if (
    (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true ||
    countingChoice(document.cookie) === 'objected'
  )
    return
  if (once) {
    if (sent.has(once)) return
    sent.add(once)
  }
  const { utm_source, utm_campaign, utm_medium, referrer } = currentAttribution()
  const body: AnalyticsEvent = {
    ...event,
    path: window.location.pathname,
    attribution: { utm_source, utm_campaign, utm_medium, referrer },
    elapsed: Math.round(performance.now()),
  }
  try {
    navigator.sendBeacon('/api/events', JSON.stringify(body))
  } catch {
    // A beacon that cannot be queued is a figure lost, never an error for the visitor.
  }
}
