import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

let started = false
function hydrate() {
  if (started) return
  started = true
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  })
}

// The server HTML is the page: let the browser paint it before hydration, the longest task of a
// visit, runs (on a fast connection the scripts arrive before the first frame). A hidden tab gets
// no animation frames, hence the timer.
requestAnimationFrame(() => setTimeout(hydrate, 0))
setTimeout(hydrate, 100)
