import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import { site } from '../../../core/site.ts'
import type { AdminUser, AppServices } from '../../platform/index.ts'
import { audit } from '../../platform/index.ts'
import { setResetToken } from './admins.server.ts'
import { randomToken, tokenDigest } from './tokens.server.ts'

/** How long an invitation's link works: long enough for a weekend, short enough to be stale. */
export const INVITE_TTL_DAYS = 7
const INVITE_TTL_MS = INVITE_TTL_DAYS * 86_400_000

/**
 * Mails a new account (staff or a buyer's) a link to choose its own password: the reset link's
 * token (one use, stored as a digest, replaced by any later link) with a longer expiry and its own
 * wording (docs/decisions/0060-buyer-portal-and-invites.md). Sending again replaces the last link.
 */
export async function sendInvite(
  services: AppServices,
  row: Pick<AdminUser, 'id' | 'email' | 'role' | 'firstName'>,
  invitedBy: Pick<CurrentAdmin, 'id' | 'email'> | null | undefined,
  detail: Record<string, unknown> = {},
): Promise<Date> {
  const { db, config } = services
  const token = randomToken()
  const expires = new Date(Date.now() + INVITE_TTL_MS)
  await setResetToken(db, row.id, tokenDigest(token), expires)
  // Links come from configuration only, never from the request's Host header.
  const link = `${config.linkOrigin}/reset-password?token=${encodeURIComponent(token)}`
  const buyer = row.role === 'buyer'
  const place = buyer ? `the ${site.name} buyer portal` : `the ${site.name} admin`
  const purpose = buyer
    ? 'There you can see the leads your firm bought, check their consent certificates and return a lead within its return window.'
    : 'There you can help run the site.'
  await services.mailer.send({
    to: row.email,
    subject: buyer
      ? `Your invitation to the ${site.name} buyer portal`
      : `Your invitation to the ${site.name} admin`,
    text: `${row.firstName ? `Hello ${row.firstName},\n\n` : ''}You have been given an account on ${place}. ${purpose}\n\nTo choose your password and sign in, open this link within ${INVITE_TTL_DAYS} days (it works once):\n${link}\n\nSign in afterwards with this email address: ${row.email}\n\nIf you did not expect this invitation, ignore this email: no account can be used until a password is chosen with the link.`,
  })
  await audit(db, {
    actor: invitedBy ?? null,
    action: 'auth.invite_sent',
    entity: 'admin_user',
    entityId: row.id,
    detail: { role: row.role, expiresAt: expires.toISOString(), ...detail },
  })
  return expires
}
