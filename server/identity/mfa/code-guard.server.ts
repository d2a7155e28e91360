import { type Kysely, sql } from 'kysely'
import type { AdminUser, AppServices, DB } from '../../platform/index.ts'
import { audit } from '../../platform/index.ts'
import { kickAccountNotices } from '../account/notices.server.ts'

/** Wrong codes (authenticator or recovery) one pending sign-in may give before it ends. */
export const CODES_PER_SIGN_IN = 5
/** Wrong codes for one account within CODE_WINDOW_MS that shut its code step for CODE_LOCK_MS. */
export const CODE_FAILURES_PER_ACCOUNT = 10
export const CODE_WINDOW_MS = 15 * 60_000
export const CODE_LOCK_MS = 15 * 60_000

/** When the account's code step opens again, if it is shut now. */
export async function codesLockedUntil(services: AppServices, adminId: number): Promise<Date | undefined> {
  const row = await services.db
    .selectFrom('signInCodeLock')
    .select('lockedUntil')
    .where('adminId', '=', adminId)
    .where('lockedUntil', '>', new Date())
    .executeTakeFirst()
  return row ? new Date(row.lockedUntil) : undefined
}

/**
 * Takes one of the pending sign-in's code attempts before the code is checked, in one conditional
 * update, so parallel requests cannot try more than CODES_PER_SIGN_IN between them. Answers the
 * attempt's number, or undefined when none is left.
 */
export async function claimCodeAttempt(
  services: AppServices,
  tokenHash: string,
): Promise<number | undefined> {
  const row = await services.db
    .updateTable('authChallenge')
    .set({ codeAttempts: sql`code_attempts + 1` })
    .where('tokenHash', '=', tokenHash)
    .where('kind', '=', 'second-step')
    .where('codeAttempts', '<', CODES_PER_SIGN_IN)
    .returning('codeAttempts')
    .executeTakeFirst()
  return row ? Number(row.codeAttempts) : undefined
}

/**
 * Counts a code check against the account before it is made: a row that stays when the code is
 * wrong and goes when it is right. Counting first means parallel guesses see each other, so no
 * more than CODE_FAILURES_PER_ACCOUNT codes are ever checked in a window. Undefined: refused.
 */
export async function beginCodeCheck(services: AppServices, adminId: number): Promise<number | undefined> {
  const { db } = services
  const now = new Date()
  const row = await db
    .insertInto('signInCodeFailure')
    .values({ adminId, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  if ((await failuresInWindow(services, adminId, now)) > CODE_FAILURES_PER_ACCOUNT) {
    await db.deleteFrom('signInCodeFailure').where('id', '=', row.id).execute()
    return undefined
  }
  return row.id
}

/** The code was right: its check does not count. */
export async function codeCheckPassed(services: AppServices, checkId: number) {
  await services.db.deleteFrom('signInCodeFailure').where('id', '=', checkId).execute()
}

/**
 * The code was wrong (its row stays). At CODE_FAILURES_PER_ACCOUNT in the window the code step
 * shuts; of racing requests only the one whose upsert took the lock audits it, and the audit row
 * mails the account's owner (account notices). Answers whether the step is now shut.
 */
export async function codeCheckFailed(services: AppServices, admin: AdminUser): Promise<boolean> {
  const { db } = services
  const now = new Date()
  if ((await failuresInWindow(services, admin.id, now)) < CODE_FAILURES_PER_ACCOUNT) return false
  const until = new Date(now.getTime() + CODE_LOCK_MS)
  const took = await db
    .insertInto('signInCodeLock')
    .values({ adminId: admin.id, lockedUntil: until })
    .onConflict((oc) =>
      oc.column('adminId').doUpdateSet({ lockedUntil: until }).where('signInCodeLock.lockedUntil', '<=', now),
    )
    .returning('adminId')
    .executeTakeFirst()
  if (took) {
    await audit(db, {
      actor: admin,
      action: 'auth.codes_locked',
      entity: 'admin_user',
      entityId: admin.id,
      detail: { failures: CODE_FAILURES_PER_ACCOUNT, minutes: CODE_LOCK_MS / 60_000 },
    })
    kickAccountNotices(services)
  }
  return true
}

async function failuresInWindow(services: AppServices, adminId: number, now: Date): Promise<number> {
  const row = await services.db
    .selectFrom('signInCodeFailure')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('adminId', '=', adminId)
    .where('createdAt', '>', new Date(now.getTime() - CODE_WINDOW_MS))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Old failures and ended locks: nothing counts them any more. */
export async function purgeCodeGuards(db: Kysely<DB>, now = Date.now()) {
  await db
    .deleteFrom('signInCodeFailure')
    .where('createdAt', '<', new Date(now - CODE_WINDOW_MS))
    .execute()
  await db.deleteFrom('signInCodeLock').where('lockedUntil', '<', new Date(now)).execute()
}
