import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto'
import type { Kysely } from 'kysely'
import { certificateIssuer } from '../../../core/consent-certificate.ts'
import { RETENTION_YEARS_KEY, retentionCutoff } from '../../../core/lead-settings.ts'
import { settingValue } from '../../../core/settings.ts'
import { seal, unseal } from '../../identity/index.ts'
import type { AppServices, Config, DB, Job, PublicJwk } from '../../platform/index.ts'

/**
 * The keys that sign consent certificates (docs/decisions/0051-consent-certificates.md): one
 * active Ed25519 key, made on first need and replaced once older than CERTIFICATE_KEY_MAX_AGE_DAYS;
 * retired keys stay published until they have been retired for the lead retention period.
 */

export type SignerSettings = {
  /** Seals the private keys at rest (factors/seal.server.ts). */
  sessionSecret: string
  /** The `iss` claim: the origin of PUBLIC_URL. */
  issuer: string
  keyMaxAgeMs: number
}

export function signerSettingsOf(
  config: Pick<Config, 'sessionSecret' | 'linkOrigin' | 'certificateKeyMaxAgeMs'>,
): SignerSettings {
  return {
    sessionSecret: config.sessionSecret,
    issuer: certificateIssuer(config.linkOrigin),
    keyMaxAgeMs: config.certificateKeyMaxAgeMs,
  }
}

export type ActiveKey = { kid: string; privateKey: KeyObject; createdAt: number; checkedAt: number }

/** Another instance's rotation is seen within this long. */
export const KEY_REFRESH_MS = 30_000

/**
 * The active key per database handle. A transaction is a handle of its own, so a batch signed
 * inside one costs one indexed read; signing outside one reads at most every KEY_REFRESH_MS.
 */
const activeKeys = new WeakMap<object, ActiveKey>()
/** Unsealed private keys by kid: a sealed key is opened once per process (and secret). */
const privateKeys = new Map<string, { secret: string; key: KeyObject }>()

/** RFC 7638 thumbprint of the public key: the same key always has the same kid. */
function thumbprint(x: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url')
}

function newKey(settings: SignerSettings) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const { x } = publicKey.export({ format: 'jwk' }) as { x: string }
  const kid = thumbprint(x)
  const jwk: PublicJwk = { kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' }
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
  return { kid, jwk, sealed: seal(settings.sessionSecret, pem) }
}

function openKey(settings: SignerSettings, kid: string, sealed: string): KeyObject | null {
  const known = privateKeys.get(kid)
  if (known?.secret === settings.sessionSecret) return known.key
  const pem = unseal(settings.sessionSecret, sealed)
  if (!pem) return null
  const key = createPrivateKey(pem)
  privateKeys.set(kid, { secret: settings.sessionSecret, key })
  return key
}

/**
 * Reads the active key, retiring it first when it is too old (or was sealed under another
 * SESSION_SECRET, so cannot sign here) and making a new one when there is none. Instances that
 * race end with one active key: the unique `active_slot` lets one insert win, and all re-read it.
 */
export async function loadActiveKey(
  db: Kysely<DB>,
  settings: SignerSettings,
  now = new Date(),
): Promise<ActiveKey> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const row = await db
      .selectFrom('signingKey')
      .select(['kid', 'privateKey', 'createdAt'])
      .where('activeSlot', '=', 'active')
      .executeTakeFirst()
    if (row) {
      const createdAt = new Date(row.createdAt).getTime()
      const privateKey =
        now.getTime() - createdAt < settings.keyMaxAgeMs ? openKey(settings, row.kid, row.privateKey) : null
      if (privateKey) return { kid: row.kid, privateKey, createdAt, checkedAt: Date.now() }
      await db
        .updateTable('signingKey')
        .set({ activeSlot: null, retiredAt: now })
        .where('kid', '=', row.kid)
        .where('activeSlot', '=', 'active')
        .execute()
    }
    const made = newKey(settings)
    await db
      .insertInto('signingKey')
      .values({
        kid: made.kid,
        alg: 'EdDSA',
        publicJwk: JSON.stringify(made.jwk),
        privateKey: made.sealed,
        activeSlot: 'active',
        createdAt: now,
      })
      .onConflict((oc) => oc.column('activeSlot').doNothing())
      .execute()
  }
  throw new Error('No active consent-certificate signing key could be made')
}

/** The active key, from memory while it was read less than KEY_REFRESH_MS ago and is not due for rotation. */
export async function activeKey(db: Kysely<DB>, settings: SignerSettings): Promise<ActiveKey> {
  const cached = activeKeys.get(db)
  const now = Date.now()
  if (cached && now - cached.checkedAt < KEY_REFRESH_MS && now - cached.createdAt < settings.keyMaxAgeMs)
    return cached
  const key = await loadActiveKey(db, settings)
  activeKeys.set(db, key)
  return key
}

/** Forgets what this process remembers of the active keys (tests that rotate behind its back). */
export function forgetActiveKeys(db: Kysely<DB>): void {
  activeKeys.delete(db)
}

/** Keys retired before this are no longer published, nor accepted by the verify endpoint. */
export function publishedSince(retentionYears: number, now = new Date()): Date {
  return retentionCutoff(retentionYears, now)
}

export async function retentionYearsOf(site: AppServices['site']): Promise<number> {
  const { settings } = await site.get()
  return settingValue(settings, RETENTION_YEARS_KEY)
}

/** The JWKS: every key that is active or retired less than the retention period ago, newest first. */
export async function publishedKeys(db: Kysely<DB>, retentionYears: number, now = new Date()) {
  const rows = await db
    .selectFrom('signingKey')
    .select(['publicJwk'])
    .where((eb) =>
      eb.or([eb('retiredAt', 'is', null), eb('retiredAt', '>=', publishedSince(retentionYears, now))]),
    )
    .orderBy('createdAt', 'desc')
    .orderBy('kid')
    .execute()
  return rows.map(
    (r) => (typeof r.publicJwk === 'string' ? JSON.parse(r.publicJwk) : r.publicJwk) as PublicJwk,
  )
}

/** The public key a certificate names, while it is published; null for an unknown or dropped kid. */
export async function publishedKey(
  db: Kysely<DB>,
  kid: string,
  retentionYears: number,
  now = new Date(),
): Promise<KeyObject | null> {
  const row = await db
    .selectFrom('signingKey')
    .select(['publicJwk'])
    .where('kid', '=', kid)
    .where((eb) =>
      eb.or([eb('retiredAt', 'is', null), eb('retiredAt', '>=', publishedSince(retentionYears, now))]),
    )
    .executeTakeFirst()
  if (!row) return null
  const jwk = typeof row.publicJwk === 'string' ? JSON.parse(row.publicJwk) : row.publicJwk
  return createPublicKey({ key: jwk, format: 'jwk' })
}

/** Deletes keys retired longer ago than the retention period: no certificate they signed is kept. */
export async function dropExpiredKeys(db: Kysely<DB>, retentionYears: number, now = new Date()) {
  const result = await db
    .deleteFrom('signingKey')
    .where('retiredAt', '<', publishedSince(retentionYears, now))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

export const certificateJobs = ({ db, site }: Pick<AppServices, 'db' | 'site'>): Job[] => [
  {
    name: 'signing-key-purge',
    everyMs: 6 * 60 * 60_000,
    run: async () => {
      await dropExpiredKeys(db, await retentionYearsOf(site))
    },
  },
]
