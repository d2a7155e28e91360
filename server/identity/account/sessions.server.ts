import type { Kysely } from 'kysely'
import type { AccountSession } from '../../../core/schemas/account-sessions.ts'
import type { DB } from '../../platform/index.ts'
import { describeUserAgent } from './client-details.ts'

/** The live sessions of an account, the most recently seen first; `currentSid` marks the caller's own. */
export async function listSessions(
  db: Kysely<DB>,
  adminId: number,
  currentSid?: string,
  now = new Date(),
): Promise<AccountSession[]> {
  const rows = await db
    .selectFrom('session')
    .select(['sid', 'publicId', 'createdAt', 'lastSeenAt', 'userAgent', 'ipPrefix', 'method', 'expire'])
    .where('adminId', '=', adminId)
    .where('expire', '>', now)
    .execute()
  return rows
    .filter((row) => row.publicId)
    .map((row) => {
      const started = row.createdAt ?? now
      return {
        id: row.publicId as string,
        ...describeUserAgent(row.userAgent),
        place: row.ipPrefix,
        startedAt: started.toISOString(),
        lastSeenAt: (row.lastSeenAt ?? started).toISOString(),
        method: row.method,
        current: row.sid === currentSid,
      }
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt))
}

/** Ends one session of an account by its public id; answers the ended session's key, or undefined. */
export async function endSession(
  db: Kysely<DB>,
  adminId: number,
  publicId: string,
): Promise<{ sid: string } | undefined> {
  const row = await db
    .deleteFrom('session')
    .where('adminId', '=', adminId)
    .where('publicId', '=', publicId)
    .returning('sid')
    .executeTakeFirst()
  return row
}
