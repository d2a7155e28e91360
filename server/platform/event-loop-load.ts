import { performance } from 'node:perf_hooks'

/** How long a measure of the event loop's load lasts before it is taken again. */
const WINDOW_MS = 100
/** The share of the last window the loop spent working above which it counts as saturated. */
const BUSY_SHARE = 0.9
/** How long background work waits when the loop is saturated (ADR 0088). */
export const BACKGROUND_PAUSE_MS = 50

let last = performance.eventLoopUtilization()
let measuredAt = performance.now()
let saturated = false

/**
 * Whether this process's event loop was working nearly all of the last tenth of a second: a
 * visitor's request then waits behind whatever else runs, so background work should wait first.
 */
export function eventLoopSaturated(): boolean {
  const now = performance.now()
  if (now - measuredAt >= WINDOW_MS) {
    const current = performance.eventLoopUtilization()
    saturated = performance.eventLoopUtilization(current, last).utilization >= BUSY_SHARE
    last = current
    measuredAt = now
  }
  return saturated
}

/**
 * Runs background work on the next turn of the loop, or BACKGROUND_PAUSE_MS later when the loop
 * is saturated, so the requests already waiting are answered first and the work is batched bigger.
 */
export function runInBackground(work: () => void) {
  if (eventLoopSaturated()) setTimeout(work, BACKGROUND_PAUSE_MS)
  else setImmediate(work)
}
