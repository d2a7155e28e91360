import { LAST_FACTOR_REQUIRED, policyCovers } from '../../../core/mfa-policy.ts'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import type { AppServices } from '../../platform/index.ts'
import { audit, HttpError } from '../../platform/index.ts'
import { findAdminById } from '../auth/admins.server.ts'
import { verifyPassword } from '../auth/password.server.ts'
import { passwordRefusedForSso } from '../sso/sign-in.server.ts'
import { newRecoveryCodes, RECOVERY_CODE_COUNT } from './recovery-codes.server.ts'
import { unseal } from './seal.server.ts'
import {
  claimTotpStep,
  findTotp,
  readPolicy,
  useRecoveryCode as redeemRecoveryCode,
  remainingRecoveryCodes,
  replaceRecoveryCodes,
} from './store.server.ts'
import { acceptTotp } from './totp.server.ts'

export async function me(services: AppServices, actor: CurrentAdmin | undefined) {
  const row = actor ? await findAdminById(services.db, actor.id) : undefined
  if (!row?.isActive) throw new HttpError(401, 'Please sign in to continue')
  return row
}
export type Me = Awaited<ReturnType<typeof me>>

/** Refuses a removal that leaves no factor when the policy asks this user for one. */
export async function assertNotLast(
  services: AppServices,
  role: string,
  left: { passkeys: number; totp: boolean },
) {
  if (left.passkeys > 0 || left.totp) return
  if (policyCovers(await readPolicy(services.db), role)) throw new HttpError(409, LAST_FACTOR_REQUIRED)
}

/** Ten new recovery codes replace any earlier ones; audited, and answered once to the caller. */
export async function issueRecoveryCodes(
  { db }: AppServices,
  row: { id: number; email: string },
  detail: Record<string, unknown> = {},
) {
  const codes = newRecoveryCodes(RECOVERY_CODE_COUNT)
  await replaceRecoveryCodes(db, row.id, codes)
  await audit(db, {
    actor: row,
    action: 'auth.recovery_codes_generated',
    detail: { count: codes.length, ...detail },
  })
  return codes
}

/**
 * The first factor comes with ten recovery codes, shown once in its answer: an account that has
 * never had codes gets them without a separate step. Codes used up or regenerated are left alone.
 */
export async function firstRecoveryCodes(services: AppServices, row: { id: number; email: string }) {
  if ((await remainingRecoveryCodes(services.db, row.id)).total > 0) return undefined
  return issueRecoveryCodes(services, row, { withFirstFactor: true })
}

// Adding, renaming or removing a factor, and new recovery codes, need a fresh sign-in (below).
export async function proves(services: AppServices, row: Me, input: { password: string } | { code: string }) {
  if ('password' in input)
    return !(await passwordRefusedForSso(services, row)) && verifyPassword(row.passwordHash, input.password)
  const code = input.code.replace(/\s+/g, '')
  return /^\d{6}$/.test(code)
    ? provesByTotp(services, row.id, code)
    : redeemRecoveryCode(services.db, row.id, input.code)
}

async function provesByTotp({ db, config }: AppServices, adminId: number, code: string) {
  const totp = await findTotp(db, adminId)
  const secret = totp?.confirmedAt ? unseal(config.sessionSecret, totp.secret) : null
  const step = secret ? acceptTotp(secret, code, Number(totp?.lastUsedStep ?? 0)) : null
  return step !== null && claimTotpStep(db, adminId, step)
}
