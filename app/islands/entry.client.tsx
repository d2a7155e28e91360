import { type ComponentType, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Toasts } from '../components/ui/toasts.tsx'
import { track } from '../features/analytics/beacon.ts'
import { captureLanding } from '../features/attribution/attribution-store.ts'
import { CookieBanner } from '../features/cookie-consent/cookie-banner.tsx'
import { CountingChoice } from '../features/cookie-consent/counting-choice.tsx'
import { Questionnaire } from '../features/questionnaire/questionnaire.tsx'
import { installPageActions } from '../lib/page-actions.ts'
import type { IslandName } from './island.tsx'

// The public pages' script (docs/decisions/0019-public-islands.md): React without the router,
// hydrating only the parts of the page that respond to the visitor.
const islands: Record<IslandName, ComponentType<never>> = {
  questionnaire: Questionnaire,
  'cookie-banner': CookieBanner,
  'counting-choice': CountingChoice,
}

function hydrate(element: HTMLElement) {
  const Component = islands[element.dataset.island as IslandName] as ComponentType<object> | undefined
  if (!Component) return
  const props = JSON.parse(element.dataset.props ?? '{}')
  // A large prop arrives in the JSON data block just before the wrapper (island.tsx).
  const dataProp = element.dataset.dataProp
  const block = element.previousElementSibling
  if (dataProp && block instanceof HTMLScriptElement && block.dataset.islandData === dataProp)
    props[dataProp] = JSON.parse(block.textContent ?? 'null')
  // A transition: React hydrates in slices of a few milliseconds, never one long task.
  startTransition(() => {
    hydrateRoot(element, <Component {...props} />)
  })
}

// The whole stylesheet arrives as print-only so that it does not hold up the first paint; the
// inline critical CSS styles the page until then (server/platform/http/critical-css.ts).
for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-style]')) {
  link.media = 'all'
}

function start() {
  captureLanding()
  track({ type: 'pageview' }, 'pageview')
  installPageActions()
  const pending = [...document.querySelectorAll<HTMLElement>('[data-island]')]
  // One island per task, in page order, so input between them is handled at once.
  const next = () => {
    const element = pending.shift()
    if (element) {
      hydrate(element)
      setTimeout(next, 0)
      return
    }
    const toasts = document.createElement('div')
    document.body.append(toasts)
    createRoot(toasts).render(<Toasts />)
    // Lets tests (and nothing else) know the page is interactive.
    document.documentElement.dataset.hydrated = 'true'
  }
  next()
}

// The loader in the page imports this once the server HTML is painted (app/islands/assets.ts).
start()
