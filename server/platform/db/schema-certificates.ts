import type { ColumnType, Selectable } from 'kysely'

type Json<T> = ColumnType<T, string, string>

/** A public key as JSON Web Key (RFC 8037: an Ed25519 key is kty OKP, crv Ed25519). */
export type PublicJwk = { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; alg: 'EdDSA'; use: 'sig' }

/** A key that signs consent certificates (migration 0029). */
export interface SigningKeyTable {
  kid: string
  alg: 'EdDSA'
  publicJwk: Json<PublicJwk>
  /** PKCS#8 PEM sealed with a key derived from SESSION_SECRET (factors/seal.server.ts). */
  privateKey: string
  /** 'active' on the one key that signs, null once retired (unique: one active key). */
  activeSlot: 'active' | null
  createdAt: ColumnType<Date, Date | undefined, never>
  retiredAt: Date | null
}

export interface CertificateTables {
  signingKey: SigningKeyTable
}

export type SigningKey = Selectable<SigningKeyTable>
