import { randomBytes } from 'node:crypto'
import type { SsoErrorCode } from '../../../core/schemas/auth.ts'
import type { AdminUser, AppServices } from '../../platform/index.ts'
import { audit, isAllowedDomain, type SsoConfig } from '../../platform/index.ts'
import { createAdmin, findAdminByEmail, findAdminById } from '../auth/admins.server.ts'
import { findIdentity, hasIdentity, identityOf, linkIdentity, touchIdentity } from './identities.server.ts'
import type { ProviderIdentity } from './oidc.server.ts'

export type SsoOutcome =
  | { ok: true; admin: AdminUser }
  | { ok: false; reason: SsoErrorCode; admin?: AdminUser }

/**
 * Which user a verified provider identity signs in as: its linked user, else an existing active
 * user with the same verified address (linked now), else a new user when the configuration says
 * so. Email and domain are checked first, whatever the link.
 */
export async function resolveSsoUser(
  services: AppServices,
  sso: SsoConfig,
  identity: ProviderIdentity,
): Promise<SsoOutcome> {
  const { db } = services
  if (!identity.email || !identity.emailVerified) return { ok: false, reason: 'sso-unverified' }
  if (!isAllowedDomain(sso, identity.email)) return { ok: false, reason: 'sso-domain' }

  const linked = await findIdentity(db, sso.issuer, identity.subject)
  if (linked) {
    const admin = await findAdminById(db, linked.adminId)
    if (!admin?.isActive) return { ok: false, reason: 'sso-inactive', admin }
    await touchIdentity(db, linked.id, identity.email)
    return { ok: true, admin }
  }

  const existing = await findAdminByEmail(db, identity.email)
  if (existing) {
    if (!existing.isActive) return { ok: false, reason: 'sso-inactive', admin: existing }
    // One provider subject per account: another subject giving the same address (a second
    // provider account, the address in another case) is refused, not linked as well.
    if (!(await link(services, sso, identity, existing)))
      return { ok: false, reason: 'sso-already-linked', admin: existing }
    return { ok: true, admin: existing }
  }

  if (sso.newUsers !== 'create') return { ok: false, reason: 'sso-no-account' }
  // The password is random and never shown: the user signs in through the provider (or asks for a reset).
  const created = await createAdmin(db, {
    email: identity.email,
    password: randomBytes(32).toString('base64url'),
    role: sso.defaultRole,
    firstName: identity.givenName ?? null,
    lastName: identity.familyName ?? null,
  })
  await audit(db, {
    actor: created,
    action: 'user.create',
    entity: 'admin_user',
    entityId: created.id,
    detail: { role: created.role, via: 'sso' },
  })
  if (!(await link(services, sso, identity, created)))
    return { ok: false, reason: 'sso-already-linked', admin: created }
  return { ok: true, admin: created }
}

async function link(
  services: AppServices,
  sso: SsoConfig,
  identity: ProviderIdentity,
  admin: AdminUser,
): Promise<boolean> {
  if (await identityOf(services.db, sso.issuer, admin.id)) return false
  const linked = await linkIdentity(services.db, {
    issuer: sso.issuer,
    subject: identity.subject,
    adminId: admin.id,
    email: identity.email as string,
  })
  if (!linked) return false
  await audit(services.db, {
    actor: admin,
    action: 'auth.sso_linked',
    entity: 'admin_user',
    entityId: admin.id,
    detail: { issuer: sso.issuer },
  })
  return true
}

/**
 * With SSO_PASSWORD_SIGN_IN=off, whether this account must sign in through the provider: its
 * address is in an allowed domain, or it is linked to a provider account.
 */
export async function passwordRefusedForSso(services: AppServices, admin: AdminUser): Promise<boolean> {
  const sso = services.config.sso
  if (!sso || sso.passwordSignIn) return false
  return isAllowedDomain(sso, admin.email) || (await hasIdentity(services.db, admin.id))
}
