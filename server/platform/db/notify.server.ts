import { type Kysely, sql } from 'kysely'
import pg from 'pg'
import type { Logger } from 'pino'
import type { DB } from './schema.ts'

/**
 * A wake-up between instances on PostgreSQL: `notify` tells every listener of the channel that
 * something is waiting (no payload: the listener looks in the database). Sent after the commit that
 * made it so, never inside, so a listener never looks too early.
 */
export async function notify(db: Kysely<DB>, channel: string): Promise<void> {
  await sql`select pg_notify(${channel}, '')`.execute(db)
}

/**
 * Listens on a channel with a connection of its own (a pooled one would be handed to queries),
 * calling `onNotify` for each notification and once after every (re)connection, since anything
 * sent while it was away was missed. Reconnects after a second when the connection drops.
 */
export function listen(
  url: string,
  channel: string,
  onNotify: () => void,
  logger: Logger,
): { stop: () => Promise<void> } {
  let client: pg.Client | undefined
  let stopped = false
  let retry: ReturnType<typeof setTimeout> | undefined
  const again = () => {
    if (stopped || retry) return
    retry = setTimeout(() => {
      retry = undefined
      void connect()
    }, 1000)
    retry.unref()
  }
  const connect = async () => {
    const next = new pg.Client({ connectionString: url })
    client = next
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify()
    })
    next.on('error', (err) => {
      logger.warn({ err, channel }, 'listening connection lost: reconnecting')
      void next.end().catch(() => {})
      again()
    })
    next.on('end', again)
    try {
      await next.connect()
      await next.query(`listen ${pg.escapeIdentifier(channel)}`)
      if (stopped) await next.end()
      else onNotify()
    } catch (err) {
      logger.warn({ err, channel }, 'could not listen: trying again')
      void next.end().catch(() => {})
      again()
    }
  }
  void connect()
  return {
    stop: async () => {
      stopped = true
      clearTimeout(retry)
      await client?.end().catch(() => {})
    },
  }
}
