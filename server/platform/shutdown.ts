import { once } from 'node:events'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import net from 'node:net'
import type { Logger } from 'pino'

/** After this the process exits with an error whatever is still running. */
export const SHUTDOWN_LIMIT_MS = 20_000

type Steps = {
  /** How long to keep answering on connections we have (above nginx's upstream keepalive_timeout). */
  graceMs: number
  /** Stop taking new background work (webhook claims): returns when posts in flight are settled. */
  stopWorkers: () => Promise<void>
  /** Once no request is left: background tasks, last job runs (hit counts), the database. */
  finish: () => Promise<void>
}

/**
 * Graceful stop for SIGTERM/SIGINT, so a rolling restart fails no request:
 * 1. stop listening (a proxy's new connections go to another instance), but keep the connections
 *    we have: a request already sent on one is answered, with `Connection: close`, so the client
 *    opens its next connection elsewhere. Node's own `server.close()` would also drop idle
 *    keep-alive connections at once, and a proxy may be writing a request on one at that instant;
 * 2. after the grace period (longer than the proxy's upstream keepalive_timeout) close what is
 *    idle, and wait for the requests in flight: a lead being written is committed and answered;
 * 3. stop the workers and jobs (the last run flushes batched counts), close the database, exit 0.
 */
export function gracefulShutdown(server: Server, logger: Logger, steps: Steps) {
  let stopping = false
  const grace = steps.graceMs

  /** Call first in the request listener: answers while stopping end their connection. */
  const onRequest = (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) res.setHeader('Connection', 'close')
  }

  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    const limit = setTimeout(() => {
      logger.error('shutdown took too long: exiting')
      process.exit(1)
    }, SHUTDOWN_LIMIT_MS)
    limit.unref()
    const closed = once(server, 'close')
    net.Server.prototype.close.call(server)
    const workers = steps.stopWorkers()
    // From the end of the grace period, idle connections are closed as they turn idle.
    let sweep: NodeJS.Timeout | undefined
    const sweepIdle = () => {
      server.closeIdleConnections()
      sweep = setTimeout(sweepIdle, 250)
    }
    sweep = setTimeout(sweepIdle, grace)
    await closed
    clearTimeout(sweep)
    await workers
    await steps.finish()
    logger.info('stopped')
    process.exit(0)
  }

  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
  return { onRequest }
}
