import { describe, expect, it } from 'vitest'
import { eventLoopSaturated, runInBackground } from './event-loop-load.ts'

const spin = (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until) {}
}
const idle = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('event loop load', () => {
  it('is saturated after a tenth of a second of work, and not after a tenth of idling', async () => {
    await idle(120)
    eventLoopSaturated()
    spin(150)
    expect(eventLoopSaturated()).toBe(true)
    await idle(150)
    expect(eventLoopSaturated()).toBe(false)
  })

  it('runs background work on the next turn when idle, and after a short pause when saturated', async () => {
    const order = async () => {
      const seen: string[] = []
      await new Promise<void>((done) => {
        runInBackground(() => seen.push('background'))
        setTimeout(() => seen.push('timer of 20 ms'), 20)
        setTimeout(done, 120)
      })
      return seen
    }
    await idle(120)
    eventLoopSaturated()
    await idle(120)
    expect(await order()).toEqual(['background', 'timer of 20 ms'])
    // A window that starts now and is all work.
    eventLoopSaturated()
    spin(150)
    expect(await order()).toEqual(['timer of 20 ms', 'background'])
  })
})
