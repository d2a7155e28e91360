import type { Kysely } from 'kysely'
import { MFA_POLICY_OFF, type MfaPolicy, type MfaRole, mustEnrol } from '../../../core/mfa-policy.ts'
import type { PasskeyView } from '../../../core/schemas/mfa.ts'
import type { DB, Job, Passkey } from '../../platform/index.ts'
import { json } from '../../platform/index.ts'
import { purgeCodeGuards } from './code-guard.server.ts'
import { recoveryCodeHash } from './recovery-codes.server.ts'

export function toPasskeyView(row: Passkey): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
    deviceType: row.deviceType,
    backedUp: Boolean(row.backedUp),
  }
}

export function listPasskeys(db: Kysely<DB>, adminId: number) {
  return db.selectFrom('passkey').selectAll().where('adminId', '=', adminId).orderBy('id').execute()
}

export function findPasskeyByCredentialId(db: Kysely<DB>, credentialId: string) {
  return db.selectFrom('passkey').selectAll().where('credentialId', '=', credentialId).executeTakeFirst()
}

export function findTotp(db: Kysely<DB>, adminId: number) {
  return db.selectFrom('totpSecret').selectAll().where('adminId', '=', adminId).executeTakeFirst()
}

/** Which second factors an account has: passkeys and a confirmed authenticator app. */
export async function factorsOf(db: Kysely<DB>, adminId: number) {
  const [passkeys, totp] = await Promise.all([
    db
      .selectFrom('passkey')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('adminId', '=', adminId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('totpSecret')
      .select('adminId')
      .where('adminId', '=', adminId)
      .where('confirmedAt', 'is not', null)
      .executeTakeFirst(),
  ])
  const passkeyCount = Number(passkeys.n)
  return { passkeys: passkeyCount, totp: Boolean(totp), any: passkeyCount > 0 || Boolean(totp) }
}

export async function remainingRecoveryCodes(db: Kysely<DB>, adminId: number) {
  const rows = await db.selectFrom('recoveryCode').select(['usedAt']).where('adminId', '=', adminId).execute()
  return { total: rows.length, remaining: rows.filter((r) => r.usedAt === null).length }
}

/** Replaces all of an account's recovery codes with these (stored hashed). */
export async function replaceRecoveryCodes(db: Kysely<DB>, adminId: number, codes: string[]) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recoveryCode').where('adminId', '=', adminId).execute()
    await trx
      .insertInto('recoveryCode')
      .values(codes.map((code) => ({ adminId, codeHash: recoveryCodeHash(code) })))
      .execute()
  })
}

/** Marks an unused code as used; true when it was one (one statement, so it works only once). */
export async function useRecoveryCode(db: Kysely<DB>, adminId: number, code: string): Promise<boolean> {
  const result = await db
    .updateTable('recoveryCode')
    .set({ usedAt: new Date() })
    .where('adminId', '=', adminId)
    .where('codeHash', '=', recoveryCodeHash(code))
    .where('usedAt', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * Records the step of an accepted code, unless a code of that step or a later one was accepted
 * meanwhile (a conditional update: two requests with the same code cannot both win).
 */
export async function claimTotpStep(db: Kysely<DB>, adminId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('totpSecret')
    .set({ lastUsedStep: step })
    .where('adminId', '=', adminId)
    .where('lastUsedStep', '<', step)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Everything that proves the account: passkeys, authenticator app, recovery codes. */
export async function deleteAllFactors(db: Kysely<DB>, adminId: number) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('passkey').where('adminId', '=', adminId).execute()
    await trx.deleteFrom('totpSecret').where('adminId', '=', adminId).execute()
    await trx.deleteFrom('recoveryCode').where('adminId', '=', adminId).execute()
    await trx.deleteFrom('authChallenge').where('adminId', '=', adminId).execute()
  })
}

export async function readPolicy(db: Kysely<DB>): Promise<MfaPolicy> {
  const row = await db
    .selectFrom('mfaPolicy')
    .select(['mode', 'roles'])
    .where('id', '=', 1)
    .executeTakeFirst()
  if (!row || row.mode === 'off') return MFA_POLICY_OFF
  if (row.mode === 'all') return { mode: 'all' }
  const roles = (Array.isArray(row.roles) ? row.roles : []) as MfaRole[]
  return roles.length > 0 ? { mode: 'roles', roles } : MFA_POLICY_OFF
}

export async function savePolicy(db: Kysely<DB>, policy: MfaPolicy, adminId: number) {
  const values = {
    mode: policy.mode,
    roles: json(policy.mode === 'roles' ? policy.roles : []),
    updatedAt: new Date(),
    updatedBy: adminId,
  }
  await db
    .insertInto('mfaPolicy')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute()
}

/** Whether this account is held at enrolment: the policy covers its role and it has no factor. */
export async function needsEnrolment(db: Kysely<DB>, admin: { id: number; role: string }) {
  const policy = await readPolicy(db)
  if (policy.mode === 'off') return false
  return mustEnrol(policy, admin.role, (await factorsOf(db, admin.id)).any)
}

export const factorJobs = (db: Kysely<DB>): Job[] => [
  {
    name: 'auth-challenge-purge',
    everyMs: 10 * 60_000,
    run: async () => {
      await db.deleteFrom('authChallenge').where('expiresAt', '<=', new Date()).execute()
    },
  },
  { name: 'sign-in-code-purge', everyMs: 10 * 60_000, run: () => purgeCodeGuards(db) },
]
