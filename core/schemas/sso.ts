import { z } from 'zod'

const linkedIdentity = z.object({
  adminId: z.number().int(),
  userEmail: z.string(),
  providerEmail: z.string(),
  issuer: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
})

/**
 * What the admin shows of single sign-on (GET /api/admin/sso): configured by environment,
 * read-only. Off, only `enabled: false`.
 */
export const ssoSettingsViewSchema = z
  .discriminatedUnion('enabled', [
    z.object({ enabled: z.literal(false) }),
    z.object({
      enabled: z.literal(true),
      issuer: z.string(),
      clientId: z.string(),
      providerName: z.string(),
      allowedDomains: z.array(z.string()),
      newUsers: z.enum(['existing-only', 'create']),
      defaultRole: z.enum(['editor', 'admin']).nullable(),
      passwordSignIn: z.boolean(),
      linked: z.array(linkedIdentity),
    }),
  ])
  .describe('When single sign-on is off, only `enabled: false`.')
export type SsoSettingsView = z.infer<typeof ssoSettingsViewSchema>

/** What the sign-in page needs to offer single sign-on. */
export type SsoPublicView = { providerName: string } | null
