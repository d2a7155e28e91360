import {
  type ChangePassword,
  CURRENT_PASSWORD_WRONG,
  PASSWORD_SIGN_IN_OFF,
  PASSWORD_UNCHANGED,
} from '../../../core/schemas/auth.ts'
import type { AdminUser, AppServices } from '../../platform/index.ts'
import { audit, HttpError } from '../../platform/index.ts'
import { passwordRefusedForSso } from '../sso/sign-in.server.ts'
import { awaitsPassword, setPassword } from './admins.server.ts'
import { verifyPassword } from './password.server.ts'
import { assertAcceptablePassword } from './password-policy.server.ts'
import { destroyAdminSessions, markSessionVerified } from './sessions.server.ts'

/**
 * One's own password, changed with the current one (which is the fresh proof of who asks, so no
 * separate re-authentication): every other session of the account ends, this one counts as freshly
 * verified, and the change is audited (`auth.password_changed`, which mails the owner a notice).
 * A wrong current password changes nothing.
 */
export async function changeOwnPassword(
  services: AppServices,
  account: AdminUser,
  sid: string,
  input: ChangePassword,
): Promise<{ endedSessions: number }> {
  const { db } = services
  if (await passwordRefusedForSso(services, account)) throw new HttpError(409, PASSWORD_SIGN_IN_OFF)
  if (awaitsPassword(account) || !(await verifyPassword(account.passwordHash, input.currentPassword)))
    throw new HttpError(400, CURRENT_PASSWORD_WRONG)
  assertAcceptablePassword(input.newPassword)
  if (input.newPassword === input.currentPassword) throw new HttpError(400, PASSWORD_UNCHANGED)
  await setPassword(db, account.id, input.newPassword)
  const endedSessions = await destroyAdminSessions(db, account.id, sid)
  await markSessionVerified(db, sid)
  await audit(db, { actor: account, action: 'auth.password_changed', detail: { endedSessions } })
  return { endedSessions }
}
