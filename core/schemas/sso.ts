/** What the admin shows of single sign-on (GET /api/admin/sso): configured by environment, read-only. */
export type SsoSettingsView =
  | { enabled: false }
  | {
      enabled: true
      issuer: string
      clientId: string
      providerName: string
      allowedDomains: string[]
      newUsers: 'existing-only' | 'create'
      defaultRole: 'editor' | 'admin' | null
      passwordSignIn: boolean
      linked: {
        adminId: number
        userEmail: string
        providerEmail: string
        issuer: string
        createdAt: Date | string
        lastUsedAt: Date | string | null
      }[]
    }

/** What the sign-in page needs to offer single sign-on. */
export type SsoPublicView = { providerName: string } | null
