import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../../platform/index.ts'

/** How long a sign-in started at the provider may take before its callback is refused. */
export const ATTEMPT_TTL_MS = 10 * 60_000

const digest = (value: string) => createHash('sha256').update(value).digest('base64url')

/** A random value for the attempt cookie that binds a started sign-in to this browser. */
export const newBrowserToken = () => randomBytes(32).toString('base64url')

export async function saveAttempt(
  db: Kysely<DB>,
  attempt: { state: string; browserToken: string; codeVerifier: string; nonce: string },
) {
  // Old attempts go as new ones come: there is no job to forget, and the table stays small.
  await db.deleteFrom('ssoAttempt').where('expiresAt', '<', new Date()).execute()
  await db
    .insertInto('ssoAttempt')
    .values({
      stateHash: digest(attempt.state),
      browserHash: digest(attempt.browserToken),
      codeVerifier: attempt.codeVerifier,
      nonce: attempt.nonce,
      expiresAt: new Date(Date.now() + ATTEMPT_TTL_MS),
    })
    .execute()
}

/**
 * The attempt `state` names, taken out of the table so it can never be used twice, if it is still
 * current and was started in the browser that holds `browserToken`. Of two concurrent callbacks
 * with the same state, only the one whose delete removed the row goes on.
 */
export async function takeAttempt(db: Kysely<DB>, state: string, browserToken: string | undefined) {
  const stateHash = digest(state)
  const row = await db
    .selectFrom('ssoAttempt')
    .selectAll()
    .where('stateHash', '=', stateHash)
    .executeTakeFirst()
  if (!row) return undefined
  const deleted = await db.deleteFrom('ssoAttempt').where('stateHash', '=', stateHash).executeTakeFirst()
  if (Number(deleted.numDeletedRows) !== 1) return undefined
  if (row.expiresAt.getTime() < Date.now()) return undefined
  if (!browserToken || digest(browserToken) !== row.browserHash) return undefined
  return { codeVerifier: row.codeVerifier, nonce: row.nonce }
}

export function findIdentity(db: Kysely<DB>, issuer: string, subject: string) {
  return db
    .selectFrom('ssoIdentity')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst()
}

/**
 * Links a provider account to an admin user unless either is linked already: one subject per
 * account and provider, enforced by unique indexes (issuer and subject; issuer and account), so
 * of two racing first sign-ins with different subjects only one links. True when this link holds.
 */
export async function linkIdentity(
  db: Kysely<DB>,
  link: { issuer: string; subject: string; adminId: number; email: string },
): Promise<boolean> {
  await db
    .insertInto('ssoIdentity')
    .values({ ...link, lastUsedAt: new Date() })
    .onConflict((oc) => oc.doNothing())
    .execute()
  const row = await findIdentity(db, link.issuer, link.subject)
  return row?.adminId === link.adminId
}

/** The provider account this user is linked to at `issuer`, if any. */
export function identityOf(db: Kysely<DB>, issuer: string, adminId: number) {
  return db
    .selectFrom('ssoIdentity')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('adminId', '=', adminId)
    .executeTakeFirst()
}

export async function touchIdentity(db: Kysely<DB>, id: number, email: string) {
  await db.updateTable('ssoIdentity').set({ lastUsedAt: new Date(), email }).where('id', '=', id).execute()
}

export async function hasIdentity(db: Kysely<DB>, adminId: number): Promise<boolean> {
  const row = await db
    .selectFrom('ssoIdentity')
    .select('id')
    .where('adminId', '=', adminId)
    .executeTakeFirst()
  return row !== undefined
}

/** Every linked identity with its user's address, for the admin's read-only card. */
export function listIdentities(db: Kysely<DB>) {
  return db
    .selectFrom('ssoIdentity')
    .innerJoin('adminUser', 'adminUser.id', 'ssoIdentity.adminId')
    .select([
      'ssoIdentity.adminId',
      'adminUser.email as userEmail',
      'ssoIdentity.email as providerEmail',
      'ssoIdentity.issuer',
      'ssoIdentity.createdAt',
      'ssoIdentity.lastUsedAt',
    ])
    .orderBy('ssoIdentity.id')
    .execute()
}
