import type { Logger } from 'pino'

export type Job = { name: string; everyMs: number; run: () => Promise<unknown> }

/**
 * The one place periodic work runs. Modules describe their jobs (purges, batched writes) and the
 * services factory registers them; the process entry starts the scheduler and stops it on shutdown,
 * when every job with `runOnStop` runs a last time (so batched counts are not lost).
 */
export class Scheduler {
  readonly #logger: Logger
  readonly #jobs = new Map<string, Job & { runOnStop: boolean }>()
  readonly #timers = new Map<string, ReturnType<typeof setInterval>>()
  readonly #running = new Map<string, Promise<void>>()
  readonly #waiting = new Map<string, Promise<void>>()

  constructor(logger: Logger) {
    this.#logger = logger
  }

  register(job: Job, options: { runOnStop?: boolean } = {}) {
    if (this.#jobs.has(job.name)) throw new Error(`Job ${job.name} is registered twice`)
    this.#jobs.set(job.name, { ...job, runOnStop: options.runOnStop ?? false })
  }

  start() {
    for (const job of this.#jobs.values()) {
      if (this.#timers.has(job.name)) continue
      const timer = setInterval(() => void this.run(job.name), job.everyMs)
      timer.unref()
      this.#timers.set(job.name, timer)
    }
  }

  /**
   * Runs a job now (one run at a time per job); failures are logged, never thrown. A call while a
   * run is already waiting to start joins that run: a burst of wake-ups (a lead each) makes one
   * more run, not one per call, and that run starts after all of them.
   */
  run(name: string): Promise<void> {
    const job = this.#jobs.get(name)
    if (!job) return Promise.reject(new Error(`No job named ${name}`))
    const waiting = this.#waiting.get(name)
    if (waiting) return waiting
    const previous = this.#running.get(name) ?? Promise.resolve()
    const next = previous.then(() => {
      this.#waiting.delete(name)
      return job.run().then(
        () => undefined,
        (err: unknown) => this.#logger.error({ err, job: name }, 'job failed'),
      )
    })
    this.#waiting.set(name, next)
    this.#running.set(name, next)
    return next
  }

  async stop() {
    for (const timer of this.#timers.values()) clearInterval(timer)
    this.#timers.clear()
    for (const job of this.#jobs.values()) if (job.runOnStop) await this.run(job.name)
    await Promise.all(this.#running.values())
  }
}
