import pino from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Scheduler } from './scheduler.ts'

function recordingLogger() {
  const errors: Record<string, unknown>[] = []
  const logger = pino({ level: 'error' }, { write: (line: string) => errors.push(JSON.parse(line)) })
  return { logger, errors }
}

describe('Scheduler', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs each job on its interval once started, and no more once stopped', async () => {
    vi.useFakeTimers()
    const { logger } = recordingLogger()
    const scheduler = new Scheduler(logger)
    let runs = 0
    scheduler.register({ name: 'tick', everyMs: 1000, run: async () => void runs++ })
    await vi.advanceTimersByTimeAsync(5000)
    expect(runs).toBe(0)
    scheduler.start()
    await vi.advanceTimersByTimeAsync(3500)
    expect(runs).toBe(3)
    await scheduler.stop()
    await vi.advanceTimersByTimeAsync(5000)
    expect(runs).toBe(3)
  })

  it('never overlaps two runs of one job', async () => {
    const { logger } = recordingLogger()
    const scheduler = new Scheduler(logger)
    let active = 0
    let most = 0
    scheduler.register({
      name: 'slow',
      everyMs: 60_000,
      run: async () => {
        active++
        most = Math.max(most, active)
        await new Promise((r) => setTimeout(r, 20))
        active--
      },
    })
    await Promise.all([scheduler.run('slow'), scheduler.run('slow'), scheduler.run('slow')])
    expect(most).toBe(1)
  })

  it('folds a burst of calls into one more run after the one under way', async () => {
    const { logger } = recordingLogger()
    const scheduler = new Scheduler(logger)
    let runs = 0
    scheduler.register({
      name: 'wake',
      everyMs: 60_000,
      run: async () => {
        runs++
        await new Promise((r) => setTimeout(r, 20))
      },
    })
    const first = scheduler.run('wake')
    await new Promise((r) => setTimeout(r, 5))
    await Promise.all([first, ...Array.from({ length: 10 }, () => scheduler.run('wake'))])
    expect(runs).toBe(2)
    // Once that run has started, a call queues a run after it again.
    await scheduler.run('wake')
    expect(runs).toBe(3)
  })

  it('runs runOnStop jobs a last time at stop, and stop waits for runs under way', async () => {
    const { logger } = recordingLogger()
    const scheduler = new Scheduler(logger)
    const done: string[] = []
    scheduler.register(
      { name: 'flush', everyMs: 60_000, run: async () => void done.push('flush') },
      { runOnStop: true },
    )
    scheduler.register({
      name: 'purge',
      everyMs: 60_000,
      run: async () => {
        await new Promise((r) => setTimeout(r, 30))
        done.push('purge')
      },
    })
    void scheduler.run('purge')
    await scheduler.stop()
    expect(done.sort()).toEqual(['flush', 'purge'])
  })

  it('logs a failing job with its name, keeps going, and refuses a name registered twice', async () => {
    const { logger, errors } = recordingLogger()
    const scheduler = new Scheduler(logger)
    let calls = 0
    scheduler.register({
      name: 'flaky',
      everyMs: 60_000,
      run: async () => {
        calls++
        if (calls === 1) throw new Error('database away')
      },
    })
    await scheduler.run('flaky')
    await scheduler.run('flaky')
    expect(calls).toBe(2)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ job: 'flaky', msg: 'job failed', err: { message: 'database away' } })
    expect(() => scheduler.register({ name: 'flaky', everyMs: 1, run: async () => {} })).toThrow(/twice/)
    await expect(scheduler.run('nope')).rejects.toThrow(/No job named nope/)
  })
})
