import { type Attribution, attributionFromUrl } from '../../../core/attribution.ts'

/**
 * The visitor's landing URL and outside referrer, read once when the site first loads in this tab
 * and kept in page memory only: nothing is written to the device without consent.
 */
let landing: Attribution | null = null

export function captureLanding(): void {
  if (landing || typeof window === 'undefined') return
  let referrer: string | null = null
  try {
    if (document.referrer && new URL(document.referrer).origin !== window.location.origin)
      referrer = document.referrer
  } catch {
    referrer = null
  }
  landing = attributionFromUrl(window.location.href, referrer)
}

export function currentAttribution(): Attribution {
  captureLanding()
  return landing ?? {}
}
