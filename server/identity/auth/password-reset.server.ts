import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import type { AppServices } from '../../platform/index.ts'
import { audit } from '../../platform/index.ts'
import { findAdminByEmail, setResetToken } from './admins.server.ts'
import { randomToken, tokenDigest } from './tokens.server.ts'

const RESET_TTL_MS = 60 * 60_000

/**
 * Mails a one-hour, single-use reset link to an active admin (nothing for anyone else). Asked for
 * by the admin themselves (forgot password) or by another admin (`requestedBy`) from Users.
 */
export async function sendPasswordResetLink(
  services: AppServices,
  email: string,
  requestedBy?: Pick<CurrentAdmin, 'id' | 'email'>,
): Promise<boolean> {
  const { db, config } = services
  const row = await findAdminByEmail(db, email)
  if (!row?.isActive) return false
  const token = randomToken()
  await setResetToken(db, row.id, tokenDigest(token), new Date(Date.now() + RESET_TTL_MS))
  // Links come from configuration only, never from the request's Host header.
  const link = `${config.linkOrigin}/reset-password?token=${encodeURIComponent(token)}`
  await services.mailer.send({
    to: row.email,
    subject: 'Reset your admin password',
    text: `${requestedBy ? 'An administrator asked' : 'Someone asked'} to reset the password of your admin account.\n\nTo choose a new password, open this link within one hour:\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.`,
  })
  await audit(db, {
    actor: requestedBy ?? row,
    action: 'auth.password_reset_requested',
    entity: 'admin_user',
    entityId: row.id,
  })
  return true
}
