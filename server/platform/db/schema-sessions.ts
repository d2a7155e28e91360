import type { ColumnType } from 'kysely'

type Json<T> = ColumnType<T, string, string>

/**
 * A signed-in session (migration 0001, details from 0024). The details are null only on sessions
 * started before 0024 (and `publicId` is set then too).
 */
export interface SessionTable {
  sid: string
  sess: Json<Record<string, unknown>>
  expire: Date
  adminId: number | null
  /** What the account's session list and its End buttons name it by: never the sid or the token. */
  publicId: string | null
  createdAt: Date | null
  lastSeenAt: Date | null
  /** The browser's User-Agent, cut to 300 characters. */
  userAgent: string | null
  /** "203.0.113.0/24" or "2001:db8:1::/48": where from, without the whole address. */
  ipPrefix: string | null
  method: string | null
}

/** Up to which audit row the account notices mailer has sent its mails. */
export interface AccountNoticeCursorTable {
  name: string
  lastAuditId: number
}

export interface SessionTables {
  session: SessionTable
  accountNoticeCursor: AccountNoticeCursorTable
}
