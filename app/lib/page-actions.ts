/**
 * The few behaviours of the public pages' static parts (buttons outside any island): one click
 * listener on the document reads `data-scroll-to` and `data-open-cookie-preferences`, so they work
 * the same with the islands script and with full hydration (docs/decisions/0019-public-islands.md).
 */
export function scrollToSection(id: string) {
  const target = document.getElementById(id)
  if (!target) return
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
  // Move focus with the scroll so keyboard and screen reader users land in the section too.
  target.focus({ preventScroll: true })
}

/** Reopens the cookie dialog in its detail view (the banner listens for this event). */
export function openCookiePreferences() {
  window.dispatchEvent(new Event('showCookiePreferences'))
}

let installed = false

export function installPageActions() {
  if (installed) return
  installed = true
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-scroll-to]') : null
    const section = target?.getAttribute('data-scroll-to')
    if (section) return scrollToSection(section)
    if (event.target instanceof Element && event.target.closest('[data-open-cookie-preferences]'))
      openCookiePreferences()
  })
}
