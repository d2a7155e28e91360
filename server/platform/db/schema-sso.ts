import type { ColumnType, Generated, Selectable } from 'kysely'

type CreatedAt = ColumnType<Date, Date | undefined, never>

/** A provider account linked to an admin user (migration 0025). */
export interface SsoIdentityTable {
  id: Generated<number>
  issuer: string
  subject: string
  adminId: number
  /** The verified address the provider gave when the link was made. */
  email: string
  createdAt: CreatedAt
  lastUsedAt: Date | null
}

/** A single sign-on in flight, used once by the callback. */
export interface SsoAttemptTable {
  stateHash: string
  browserHash: string
  codeVerifier: string
  nonce: string
  expiresAt: Date
}

export interface SsoTables {
  ssoIdentity: SsoIdentityTable
  ssoAttempt: SsoAttemptTable
}

export type SsoIdentity = Selectable<SsoIdentityTable>
