import type { ColumnType, Generated, Selectable } from 'kysely'

type CreatedAt = ColumnType<Date, Date | undefined, never>
type Json<T> = ColumnType<T, string, string>
/** bigint: PostgreSQL hands it back as a string, SQLite as a number. */
type BigCount = ColumnType<number | string, number | undefined, number>

/** A WebAuthn credential of an account (migration 0023). */
export interface PasskeyTable {
  id: Generated<number>
  adminId: number
  /** base64url, as the browser reports it. */
  credentialId: string
  /** base64url of the COSE public key. */
  publicKey: string
  counter: BigCount
  transports: Json<string[]>
  deviceType: string
  backedUp: ColumnType<boolean, boolean | undefined, boolean>
  name: string
  createdAt: CreatedAt
  lastUsedAt: Date | null
}

/** An account's authenticator app; it counts as a factor once confirmed with a code. */
export interface TotpSecretTable {
  adminId: number
  /** Sealed with a key derived from SESSION_SECRET (see factors/seal.server.ts). */
  secret: string
  confirmedAt: Date | null
  /** The 30-second step of the last accepted code: that step and older ones are refused. */
  lastUsedStep: BigCount
  createdAt: CreatedAt
}

export interface RecoveryCodeTable {
  id: Generated<number>
  adminId: number
  /** sha-256 hex of the normalised code. */
  codeHash: string
  createdAt: CreatedAt
  usedAt: Date | null
}

export type ChallengeKind = 'second-step' | 'passkey-sign-in' | 'passkey-register'

/** A sign-in in progress or a WebAuthn challenge, named by the digest of a cookie's token. */
export interface AuthChallengeTable {
  tokenHash: string
  kind: ChallengeKind
  adminId: number | null
  challenge: string | null
  expiresAt: Date
  /** How the first step of a pending sign-in was done (migration 0033). */
  firstStep: ColumnType<'password' | 'sso', 'password' | 'sso' | undefined, 'password' | 'sso'>
  /** Codes a pending sign-in has tried: it ends after five wrong ones. */
  codeAttempts: ColumnType<number, number | undefined, number>
}

/** A wrong authenticator or recovery code given for an account (migration 0033). */
export interface SignInCodeFailureTable {
  id: Generated<number>
  adminId: number
  createdAt: CreatedAt
}

/** An account whose code step is shut until `lockedUntil` after too many wrong codes. */
export interface SignInCodeLockTable {
  adminId: number
  lockedUntil: Date
}

export interface MfaPolicyTable {
  id: number
  mode: 'off' | 'all' | 'roles'
  roles: Json<string[]>
  updatedAt: ColumnType<Date, Date | undefined, Date>
  updatedBy: number | null
}

export interface FactorTables {
  passkey: PasskeyTable
  totpSecret: TotpSecretTable
  recoveryCode: RecoveryCodeTable
  authChallenge: AuthChallengeTable
  mfaPolicy: MfaPolicyTable
  signInCodeFailure: SignInCodeFailureTable
  signInCodeLock: SignInCodeLockTable
}

export type Passkey = Selectable<PasskeyTable>
