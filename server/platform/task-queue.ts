import type { Logger } from 'pino'

/**
 * Work done after the answer has gone (a password-reset mail), one task at a time in arrival
 * order. A failure is logged and the queue goes on; `idle()` resolves once everything queued is
 * done (shutdown waits for it, and so can a test).
 */
export class BackgroundTasks {
  readonly #logger: Logger
  #tail: Promise<void> = Promise.resolve()

  constructor(logger: Logger) {
    this.#logger = logger
  }

  run(name: string, task: () => Promise<void>) {
    this.#tail = this.#tail.then(() =>
      task().catch((err: unknown) => this.#logger.error({ err, task: name }, 'background task failed')),
    )
  }

  idle(): Promise<void> {
    return this.#tail
  }
}
