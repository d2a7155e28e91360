import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB, Job } from '../../platform/index.ts'
import { json } from '../../platform/index.ts'
import { USER_AGENT_MAX } from '../account/client-details.ts'
import { type CurrentAdmin, toCurrentAdmin } from './admins.server.ts'
import { randomToken, sessionKey } from './tokens.server.ts'

export const SESSION_COOKIE = 'sid'
export const SECURE_SESSION_COOKIE = '__Host-sid'
/** Sliding expiry is written at most this often per session, not on every request. */
const REFRESH_AFTER_MS = 10 * 60_000

/** `verifiedAt`: the last re-authentication (docs/decisions/0053); the sign-in itself is `createdAt`. */
type SessionData = { adminId: number; createdAt: string; refreshedAt?: string; verifiedAt?: string }

/** What a session's owner sees of it in their list of sessions (docs/decisions/0045). */
export type SessionDetails = {
  userAgent?: string | null
  /** Already cut to its network: see ipPrefix. */
  ipPrefix?: string | null
  method?: string | null
}

export async function createSession(
  db: Kysely<DB>,
  secret: string,
  adminId: number,
  ttlMs: number,
  details: SessionDetails = {},
) {
  const token = randomToken()
  const publicId = randomUUID()
  const now = new Date()
  await db
    .insertInto('session')
    .values({
      sid: sessionKey(secret, token),
      sess: json({ adminId, createdAt: now.toISOString() } satisfies SessionData),
      expire: new Date(now.getTime() + ttlMs),
      adminId,
      publicId,
      createdAt: now,
      lastSeenAt: now,
      userAgent: details.userAgent?.slice(0, USER_AGENT_MAX) || null,
      ipPrefix: details.ipPrefix ?? null,
      method: details.method ?? null,
    })
    .execute()
  return { token, publicId }
}

export type SessionLookup = {
  admin: CurrentAdmin
  sid: string
  refreshed: boolean
  expiresInMs: number
  /** When the owner last proved who they are (epoch ms). */
  verifiedAt: number
}

/**
 * The active admin behind a session cookie, or undefined. Expired sessions and sessions of
 * deactivated admins count as none, and so do sessions older than `maxAgeMs` (the absolute
 * lifetime, whatever the activity). Extends the idle expiry when it was last extended long enough ago.
 */
export async function readSession(
  db: Kysely<DB>,
  secret: string,
  token: string,
  ttlMs: number,
  maxAgeMs = Number.POSITIVE_INFINITY,
): Promise<SessionLookup | undefined> {
  const sid = sessionKey(secret, token)
  const now = new Date()
  const session = await db
    .selectFrom('session')
    .select(['sess', 'expire'])
    .where('sid', '=', sid)
    .where('expire', '>', now)
    .executeTakeFirst()
  const data = session?.sess as SessionData | undefined
  if (!session || typeof data?.adminId !== 'number') return undefined
  const endOfLife = new Date(data.createdAt).getTime() + maxAgeMs
  if (!(endOfLife > now.getTime())) return undefined
  const row = await db
    .selectFrom('adminUser')
    .selectAll()
    .where('id', '=', data.adminId)
    .where('isActive', '=', true)
    .executeTakeFirst()
  if (!row) return undefined
  let refreshed = false
  let expire = session.expire.getTime()
  if (expire - now.getTime() < ttlMs - REFRESH_AFTER_MS && expire < endOfLife) {
    expire = Math.min(now.getTime() + ttlMs, endOfLife)
    // "Last seen" rides on the same write: at most one per session every REFRESH_AFTER_MS.
    await db
      .updateTable('session')
      .set({ expire: new Date(expire), lastSeenAt: now })
      .where('sid', '=', sid)
      .execute()
    refreshed = true
  }
  const verifiedAt = Math.max(new Date(data.createdAt).getTime(), new Date(data.verifiedAt ?? 0).getTime())
  return { admin: toCurrentAdmin(row), sid, refreshed, expiresInMs: expire - now.getTime(), verifiedAt }
}

/** Records that the session's owner proved who they are again, now (a fresh sign-in for 10 minutes). */
export async function markSessionVerified(db: Kysely<DB>, sid: string) {
  const session = await db.selectFrom('session').select('sess').where('sid', '=', sid).executeTakeFirst()
  const data = session?.sess as SessionData | undefined
  if (!data) return
  await db
    .updateTable('session')
    .set({ sess: json({ ...data, verifiedAt: new Date().toISOString() } satisfies SessionData) })
    .where('sid', '=', sid)
    .execute()
}

export async function destroySession(db: Kysely<DB>, secret: string, token: string) {
  await db.deleteFrom('session').where('sid', '=', sessionKey(secret, token)).execute()
}

/** Ends every session of an admin, except the one with `keepSid` (the caller's own). */
export async function destroyAdminSessions(db: Kysely<DB>, adminId: number, keepSid?: string) {
  let query = db.deleteFrom('session').where('adminId', '=', adminId)
  if (keepSid) query = query.where('sid', '!=', keepSid)
  const result = await query.executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function purgeExpiredSessions(db: Kysely<DB>) {
  const result = await db.deleteFrom('session').where('expire', '<=', new Date()).executeTakeFirst()
  return Number(result.numDeletedRows)
}

export const authJobs = (db: Kysely<DB>): Job[] => [
  { name: 'session-purge', everyMs: 10 * 60_000, run: () => purgeExpiredSessions(db) },
]
