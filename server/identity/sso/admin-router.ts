import { Router } from 'express'
import type { SsoSettingsView } from '../../../core/schemas/sso.ts'
import type { AppServices } from '../../platform/index.ts'
import { mountRoutes, ref, route } from '../../platform/index.ts'
import { listIdentities } from './identities.server.ts'

const BASE = '/api/admin/sso'

/** GET /api/admin/sso: the single sign-on configuration (never the secret) and the linked users. */
export const ssoAdminRoutes = [
  route({
    method: 'get',
    path: BASE,
    summary: 'Single sign-on configuration and linked users',
    description: 'Read-only: the configuration comes from the environment. The client secret is never shown.',
    auth: 'permission:users',
    response: ref('SsoSettings'),
    handle: async ({ services, res }) => {
      const sso = services.config.sso
      const view: SsoSettingsView = sso
        ? {
            enabled: true,
            issuer: sso.issuer,
            clientId: sso.clientId,
            providerName: sso.providerName,
            allowedDomains: sso.allowedDomains,
            newUsers: sso.newUsers,
            defaultRole: sso.newUsers === 'create' ? sso.defaultRole : null,
            passwordSignIn: sso.passwordSignIn,
            linked: (await listIdentities(services.db))
              .filter((l) => l.issuer === sso.issuer)
              .map((l) => ({
                ...l,
                createdAt: new Date(l.createdAt).toISOString(),
                lastUsedAt: l.lastUsedAt === null ? null : new Date(l.lastUsedAt).toISOString(),
              })),
          }
        : { enabled: false }
      res.setHeader('Cache-Control', 'no-store')
      return view
    },
  }),
]

export function ssoAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BASE, ssoAdminRoutes)
}
