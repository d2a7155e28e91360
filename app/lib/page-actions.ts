import { carryTrackingParams } from '../../core/attribution.ts'
import { currentAttribution } from '../features/attribution/attribution-store.ts'

/**
 * The few behaviours of the public pages' static parts (buttons outside any island): one click
 * listener on the document reads `data-scroll-to`, so it works the same with the islands script
 * and with full hydration (docs/decisions/0019-public-islands.md). `data-open-cookie-preferences`
 * is handled earlier, by the head script (`cookiePreferencesOpener` in core/consent.ts).
 * Internal links take the visitor's tracking parameters along as they are followed, so a visitor
 * from an ad who reads another page before the form still sends the lead with them.
 */
function scrollToSection(id: string) {
  const target = document.getElementById(id)
  if (!target) return
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
  // Move focus with the scroll so keyboard and screen reader users land in the section too.
  target.focus({ preventScroll: true })
}

/** Adds the tracking parameters to an internal link just before the browser follows it. */
function carryAttribution(event: Event) {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null
  if (!(link instanceof HTMLAnchorElement)) return
  const href = carryTrackingParams(link.href, currentAttribution(), window.location.href)
  if (href) link.href = href
}

let installed = false

export function installPageActions() {
  if (installed) return
  installed = true
  // Capture phase, so the href is set before any other handler or the default action reads it;
  // auxclick and contextmenu cover a middle click and "open in new tab".
  for (const type of ['click', 'auxclick', 'contextmenu'])
    document.addEventListener(type, carryAttribution, { capture: true })
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-scroll-to]') : null
    const section = target?.getAttribute('data-scroll-to')
    if (section) scrollToSection(section)
  })
}
