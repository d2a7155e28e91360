import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createLocalJWKSet, jwtVerify } from 'jose'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CertificateClaims } from '../../../core/consent-certificate.ts'
import { createDatabase, type Database, migrateToLatest } from '../../platform/index.ts'
import { signConsentCertificates, verifyConsentCertificate } from './certificates.server.ts'
import {
  activeKey,
  dropExpiredKeys,
  forgetActiveKeys,
  loadActiveKey,
  publishedKeys,
  type SignerSettings,
} from './keys.server.ts'

const settings: SignerSettings = {
  sessionSecret: 'unit-test-session-secret-123456',
  issuer: 'https://claims.example.test',
  keyMaxAgeMs: 90 * 86_400_000,
}

const claims = (reference: string): CertificateClaims => ({
  reference,
  issuedAt: new Date('2026-11-28T09:00:00Z'),
  consentVersion: 'c'.repeat(64),
  wording: 'I agree to be contacted by Acme Claims Ltd.',
  firms: [{ id: 1, name: 'Acme Claims Ltd', tradingName: null, fcaNumber: '123456' }],
  pageUrl: 'https://claims.example.test/',
  pageRevision: 'r1',
  questionnaireVersionId: 1,
  answersSha256: 'd'.repeat(64),
})

let dir: string
let database: Database
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'certificates-'))
  database = createDatabase({ dialect: 'sqlite', file: path.join(dir, 'test.db') })
  await migrateToLatest(database.db.withoutPlugins(), database.dialect)
})
afterEach(async () => {
  await database.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
})

const jwks = async () => createLocalJWKSet({ keys: await publishedKeys(database.db, 6) })

describe('signConsentCertificates', () => {
  it('signs a batch with one key, each a compact JWS that jose verifies against the JWKS', async () => {
    const [first, second] = await signConsentCertificates(
      database.db,
      [claims('r-1'), claims('r-2')],
      settings,
    )
    const { payload, protectedHeader } = await jwtVerify(first as string, await jwks(), {
      issuer: settings.issuer,
      algorithms: ['EdDSA'],
    })
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'JWT' })
    expect(payload).toMatchObject({ jti: 'r-1', consent: { firms: [{ fcaNumber: '123456' }] } })
    expect((await jwtVerify(second as string, await jwks())).payload.jti).toBe('r-2')
    const rows = await database.db.selectFrom('signingKey').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.privateKey).toMatch(/^v1\./)
    expect(rows[0]?.privateKey).not.toContain('PRIVATE KEY')
  })

  it('answers an empty batch without touching the keys', async () => {
    expect(await signConsentCertificates(database.db, [], settings)).toEqual([])
    expect(await database.db.selectFrom('signingKey').selectAll().execute()).toEqual([])
  })
})

describe('verifyConsentCertificate', () => {
  it('accepts a genuine certificate and refuses a tampered one, a forged key and garbage', async () => {
    const [token = ''] = await signConsentCertificates(database.db, [claims('r-1')], settings)
    const ok = await verifyConsentCertificate(database.db, token, 6)
    expect(ok).toMatchObject({ valid: true, payload: { jti: 'r-1' } })

    const [header, payload, signature] = token.split('.') as [string, string, string]
    const altered = JSON.parse(Buffer.from(payload, 'base64url').toString())
    altered.consent.firms[0].fcaNumber = '999999'
    const tampered = `${header}.${Buffer.from(JSON.stringify(altered)).toString('base64url')}.${signature}`
    expect(await verifyConsentCertificate(database.db, tampered, 6)).toEqual({
      valid: false,
      reason: 'bad_signature',
    })

    const otherHeader = Buffer.from(JSON.stringify({ alg: 'EdDSA', kid: 'nope', typ: 'JWT' })).toString(
      'base64url',
    )
    expect(await verifyConsentCertificate(database.db, `${otherHeader}.${payload}.${signature}`, 6)).toEqual({
      valid: false,
      reason: 'unknown_key',
    })
    const none = Buffer.from(JSON.stringify({ alg: 'none', kid: 'x' })).toString('base64url')
    expect(await verifyConsentCertificate(database.db, `${none}.${payload}.`, 6)).toEqual({
      valid: false,
      reason: 'unsupported_algorithm',
    })
    expect(await verifyConsentCertificate(database.db, 'a.b.c', 6)).toEqual({
      valid: false,
      reason: 'malformed',
    })
  })
})

describe('signing keys', () => {
  it('ends with one active key when several callers make the first one at once', async () => {
    const keys = await Promise.all(Array.from({ length: 5 }, () => loadActiveKey(database.db, settings)))
    expect(new Set(keys.map((k) => k.kid)).size).toBe(1)
    const active = await database.db
      .selectFrom('signingKey')
      .where('activeSlot', '=', 'active')
      .selectAll()
      .execute()
    expect(active).toHaveLength(1)
  })

  it('rotates a key past its age, and certificates of the old key still verify', async () => {
    const [old = ''] = await signConsentCertificates(database.db, [claims('r-old')], settings)
    const oldKid = (await activeKey(database.db, settings)).kid
    await database.db
      .updateTable('signingKey')
      .set({ createdAt: new Date(Date.now() - 91 * 86_400_000) } as never)
      .execute()
    forgetActiveKeys(database.db)
    const [fresh = ''] = await signConsentCertificates(database.db, [claims('r-new')], settings)
    const newKid = (await activeKey(database.db, settings)).kid
    expect(newKid).not.toBe(oldKid)
    expect((await publishedKeys(database.db, 6)).map((k) => k.kid).sort()).toEqual([oldKid, newKid].sort())
    const set = await jwks()
    expect((await jwtVerify(old, set)).protectedHeader.kid).toBe(oldKid)
    expect((await jwtVerify(fresh, set)).protectedHeader.kid).toBe(newKid)
  })

  it('drops a retired key once retired for longer than the retention period', async () => {
    const [token = ''] = await signConsentCertificates(database.db, [claims('r-1')], settings)
    await database.db
      .updateTable('signingKey')
      .set({ activeSlot: null, retiredAt: new Date(Date.now() - 7 * 365 * 86_400_000) })
      .execute()
    expect(await publishedKeys(database.db, 6)).toEqual([])
    expect(await verifyConsentCertificate(database.db, token, 6)).toEqual({
      valid: false,
      reason: 'unknown_key',
    })
    expect(await publishedKeys(database.db, 8)).toHaveLength(1)
    expect(await dropExpiredKeys(database.db, 6)).toBe(1)
    expect(await database.db.selectFrom('signingKey').selectAll().execute()).toEqual([])
  })

  it('replaces a key sealed under another SESSION_SECRET, keeping it published', async () => {
    const before = await loadActiveKey(database.db, settings)
    const after = await loadActiveKey(database.db, {
      ...settings,
      sessionSecret: 'another-secret-0123456789',
    })
    expect(after.kid).not.toBe(before.kid)
    expect(await publishedKeys(database.db, 6)).toHaveLength(2)
  })
})
