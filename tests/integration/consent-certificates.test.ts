import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CertificateClaims } from '../../core/consent-certificate.ts'
import { sha256Hex } from '../../core/sha256.ts'
import {
  forgetActiveKeys,
  loadActiveKey,
  signConsentCertificates,
  signerSettingsOf,
} from '../../server/leads/index.ts'
import { createDatabase, migrateToLatest, parseConfig } from '../../server/platform/index.ts'
import { createSignedInAdmin, uniqueEmail } from '../support/admin-client.ts'
import { allowRepeatLeads, leadIdOf, leadPayload } from '../support/factories.ts'
import { expectError, ok } from '../support/http.ts'
import { insertBuyer, insertContract, insertSale } from '../support/sales.ts'
import { createTestDatabase, startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const VERIFY = '/api/consent-certificates/verify'
const JWKS = '/.well-known/jwks.json'

let counter = 0
/** A lead captured through POST /api/leads, with a person's details that must never reach a certificate. */
async function captureLead(app: TestApp) {
  counter++
  const person = {
    firstName: 'Philippa',
    lastName: `Quenby${counter}`,
    email: uniqueEmail(`philippa${counter}`),
    phone: `07700 9${String(10000 + counter).slice(-5)}`,
  }
  const response = await app.postJson('/api/leads', leadPayload(person))
  const { reference } = (await ok(response, 201)) as { reference: string }
  return { reference: reference, person }
}

/** What the capture side hands the signer for a lead: the facts of its consent, no contact details. */
function claimsFor(
  reference: string,
  pageUrl: string | null = 'https://claims.example.test/check',
): CertificateClaims {
  return {
    reference,
    issuedAt: new Date(),
    consentVersion: sha256Hex('consent wording v3'),
    wording: 'I agree that Acme Claims Ltd and Best Claims Ltd may contact me about my claim.',
    firms: [
      { id: 1, name: 'Acme Claims Ltd', tradingName: 'Acme', fcaNumber: '123456' },
      { id: 2, name: 'Best Claims Ltd', tradingName: null, fcaNumber: '7654321' },
    ],
    pageUrl,
    pageRevision: 'revision-42',
    questionnaireVersionId: 1,
    answersSha256: sha256Hex('{"hadPcpFinance":"yes"}'),
  }
}

describe(`consent certificates on ${testDialect}`, () => {
  let app: TestApp
  const sign = (claims: CertificateClaims[]) =>
    signConsentCertificates(app.services.db, claims, signerSettingsOf(app.services.config))
  const verify = async (certificate: string, fcaNumber?: string) =>
    (await ok(await app.postJson(VERIFY, { certificate, ...(fcaNumber ? { fcaNumber } : {}) }))) as Record<
      string,
      unknown
    >
  const remoteKeys = () => createRemoteJWKSet(new URL(`${app.baseUrl}${JWKS}`))

  beforeAll(async () => {
    app = await startTestApp()
    await allowRepeatLeads(app)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('publishes no key before the first certificate, then the active Ed25519 public key', async () => {
    const empty = await app.request(JWKS)
    expect(empty.status).toBe(200)
    expect(await empty.json()).toEqual({ keys: [] })

    const { reference } = await captureLead(app)
    await sign([claimsFor(reference)])
    const response = await app.request(JWKS)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('cache-control')).toBe('public, max-age=300')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] }
    expect(keys).toHaveLength(1)
    expect(keys[0]).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      kid: expect.any(String),
      alg: 'EdDSA',
      use: 'sig',
    })
  })

  it('signs certificates that jose verifies against /.well-known/jwks.json', async () => {
    const leads = [await captureLead(app), await captureLead(app)]
    const certificates = await sign(leads.map((l) => claimsFor(l.reference)))
    expect(certificates).toHaveLength(2)
    const issuer = new URL(app.services.config.linkOrigin).origin
    for (const [i, certificate] of certificates.entries()) {
      const { payload, protectedHeader } = await jwtVerify(certificate, remoteKeys(), {
        issuer,
        algorithms: ['EdDSA'],
        typ: 'JWT',
      })
      expect(protectedHeader.kid).toBeTruthy()
      expect(payload).toMatchObject({
        iss: issuer,
        jti: leads[i]?.reference,
        consent: {
          version: sha256Hex('consent wording v3'),
          firms: [{ fcaNumber: '123456' }, { fcaNumber: '7654321' }],
        },
        page: { url: 'https://claims.example.test/check', revision: 'revision-42' },
        questionnaire: { version: 1, answersSha256: sha256Hex('{"hadPcpFinance":"yes"}') },
      })
    }
  })

  it('puts no name, e-mail or phone in a certificate, even from the page address', async () => {
    const { reference, person } = await captureLead(app)
    const leak = `https://claims.example.test/check?email=${encodeURIComponent(person.email)}&phone=${person.phone}&name=${person.firstName}`
    const [certificate = ''] = await sign([claimsFor(reference, leak)])
    const text = JSON.stringify(decodeJwt(certificate))
    const stored = await app.database.db
      .selectFrom('lead')
      .select(['firstName', 'lastName', 'email', 'phone', 'phoneE164'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow()
    for (const value of [...Object.values(person), ...Object.values(stored)])
      if (value) expect(text.toLowerCase()).not.toContain(String(value).toLowerCase())
    expect(text).not.toContain(encodeURIComponent(person.email))
  })

  it('answers valid and unrevoked for a genuine certificate, with its firms and whether a firm is named', async () => {
    const { reference } = await captureLead(app)
    const [certificate = ''] = await sign([claimsFor(reference)])
    const answer = await verify(certificate, '123456')
    expect(answer).toEqual({
      valid: true,
      revoked: false,
      reference,
      issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      consentVersion: sha256Hex('consent wording v3'),
      firms: claimsFor(reference).firms,
      named: true,
    })
    expect((await verify(certificate, '999999')).named).toBe(false)
    expect(await verify(certificate)).not.toHaveProperty('named')
  })

  it('answers valid: false for a tampered certificate, a forged signature or an unknown key', async () => {
    const { reference } = await captureLead(app)
    const [certificate = ''] = await sign([claimsFor(reference)])
    const [header, payload, signature] = certificate.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    claims.consent.firms.push({ id: 9, name: 'Sneaky Ltd', tradingName: null, fcaNumber: '111111' })
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`
    expect(await verify(tampered, '111111')).toEqual({
      valid: false,
      revoked: false,
      reason: 'bad_signature',
    })
    await expect(jwtVerify(tampered, remoteKeys())).rejects.toThrow()

    const flipped = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`
    expect((await verify(flipped)).valid).toBe(false)

    const stranger = Buffer.from(JSON.stringify({ alg: 'EdDSA', kid: 'not-ours', typ: 'JWT' })).toString(
      'base64url',
    )
    expect(await verify(`${stranger}.${payload}.${signature}`)).toEqual({
      valid: false,
      revoked: false,
      reason: 'unknown_key',
    })
  })

  it('refuses malformed input with 400 and a message', async () => {
    await expectError(await app.postJson(VERIFY, {}), 400, /certificate is required/)
    await expectError(await app.postJson(VERIFY, { certificate: 'not a jws' }), 400, /compact JWS/)
    await expectError(await app.postJson(VERIFY, { certificate: 42 }), 400)
    await expectError(await app.postJson(VERIFY, { certificate: 'a.b.c', fcaNumber: 'x' }), 400, /FCA/)
    await expectError(await app.postJson(VERIFY, '{"certificate":'), 400)
    await expectError(
      await app.request(VERIFY, {
        method: 'POST',
        body: 'certificate=a.b.c',
        headers: { 'content-type': 'text/plain' },
      }),
      400,
    )
  })

  it('answers revoked once the lead is erased', async () => {
    const admin = await createSignedInAdmin(app, { role: 'admin' })
    const { reference, person } = await captureLead(app)
    const [certificate = ''] = await sign([claimsFor(reference)])
    expect((await verify(certificate)).revoked).toBe(false)
    await ok(await admin.del(`/api/admin/subjects?email=${encodeURIComponent(person.email)}`))
    expect(await verify(certificate, '123456')).toMatchObject({
      valid: true,
      revoked: true,
      reason: 'erased',
      reference,
      named: true,
    })
  })

  it('answers revoked once a return of one of its sales for no consent is approved, not before', async () => {
    const { reference } = await captureLead(app)
    const leadId = await leadIdOf(app.database.db, reference)
    const buyer = await insertBuyer(app.database.db)
    const contract = await insertContract(app.database.db, buyer.id)
    const sale = await insertSale(app.database.db, { leadId, contract })
    const [certificate = ''] = await sign([claimsFor(reference)])
    const returned = await app.database.db
      .insertInto('leadReturn')
      .values({ saleId: sale.id, buyerId: buyer.id, reason: 'no_consent', status: 'pending' })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect((await verify(certificate)).revoked).toBe(false)
    await app.database.db
      .updateTable('leadReturn')
      .set({ status: 'approved', decidedAt: new Date() })
      .where('id', '=', returned.id)
      .execute()
    expect(await verify(certificate)).toMatchObject({
      valid: true,
      revoked: true,
      reason: 'returned_no_consent',
    })
  })

  it('keeps certificates of a rotated key verifiable, and signs new ones with the new key', async () => {
    const { reference } = await captureLead(app)
    const [before = ''] = await sign([claimsFor(reference)])
    const oldKid = decodeHeaderKid(before)
    await app.database.db
      .updateTable('signingKey')
      .set({ createdAt: new Date(Date.now() - 91 * 86_400_000) } as never)
      .where('activeSlot', '=', 'active')
      .execute()
    forgetActiveKeys(app.services.db)
    const [after = ''] = await sign([claimsFor(reference)])
    const newKid = decodeHeaderKid(after)
    expect(newKid).not.toBe(oldKid)

    const { keys } = (await (await app.request(JWKS)).json()) as { keys: { kid: string }[] }
    expect(keys.map((k) => k.kid)).toEqual([newKid, oldKid])
    const active = await app.database.db
      .selectFrom('signingKey')
      .select('kid')
      .where('activeSlot', '=', 'active')
      .execute()
    expect(active).toEqual([{ kid: newKid }])
    const jwks = remoteKeys()
    expect((await jwtVerify(before, jwks)).protectedHeader.kid).toBe(oldKid)
    expect((await jwtVerify(after, jwks)).protectedHeader.kid).toBe(newKid)
    expect((await verify(before)).valid).toBe(true)
  })

  it('drops a key from the JWKS once retired for longer than the lead retention period', async () => {
    await app.database.db.insertInto('siteSetting').values({ key: 'retention_years', value: '2' }).execute()
    await app.services.site.changed()
    const { reference } = await captureLead(app)
    const [certificate = ''] = await sign([claimsFor(reference)])
    const kid = decodeHeaderKid(certificate)
    await app.database.db
      .updateTable('signingKey')
      .set({ activeSlot: null, retiredAt: new Date(Date.now() - 3 * 365 * 86_400_000) })
      .where('kid', '=', kid)
      .execute()
    forgetActiveKeys(app.services.db)
    const { keys } = (await (await app.request(JWKS)).json()) as { keys: { kid: string }[] }
    expect(keys.map((k) => k.kid)).not.toContain(kid)
    expect(await verify(certificate)).toEqual({ valid: false, revoked: false, reason: 'unknown_key' })
  })
})

function decodeHeaderKid(certificate: string): string {
  const header = JSON.parse(Buffer.from(certificate.split('.')[0] ?? '', 'base64url').toString())
  return header.kid
}

describe(`the consent-certificate verify rate limit on ${testDialect}`, () => {
  const defaults = parseConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'rate-limit-secret-0123456789',
  }).rateLimits
  const body = { certificate: 'a.b.c' }

  it('answers 429 with Retry-After once a client used up its checks', async () => {
    const app = await startTestApp({
      rateLimits: { ...defaults, enabled: true, certificates: { limit: 2, windowMs: 60_000 } },
    })
    try {
      for (let i = 0; i < 2; i++) expect((await app.postJson(VERIFY, body)).status).toBe(200)
      const limited = await app.postJson(VERIFY, body)
      await expectError(limited, 429)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      // The keys stay readable: the limit is on the check only.
      expect((await app.request(JWKS)).status).toBe(200)
    } finally {
      await app.close()
    }
  })

  it('is off when RATE_LIMITS=off', async () => {
    const app = await startTestApp({
      rateLimits: { ...defaults, enabled: false, certificates: { limit: 1, windowMs: 60_000 } },
    })
    try {
      for (let i = 0; i < 3; i++) expect((await app.postJson(VERIFY, body)).status).toBe(200)
    } finally {
      await app.close()
    }
  })
})

describe(`the first signing key on ${testDialect}`, () => {
  it('is one active key when two instances make it at once', async () => {
    const database = await createTestDatabase()
    await migrateToLatest(database.db.withoutPlugins(), database.dialect)
    const other =
      database.dialect === 'sqlite'
        ? createDatabase({ dialect: 'sqlite', file: database.url.replace(/^file:/, '') })
        : createDatabase({ dialect: 'postgres', url: database.url })
    const settings = signerSettingsOf(
      parseConfig({ NODE_ENV: 'test', SESSION_SECRET: 'race-secret-0123456789abcdef' }),
    )
    try {
      const keys = await Promise.all(
        [database.db, other.db, database.db, other.db].map((db) => loadActiveKey(db, settings)),
      )
      expect(new Set(keys.map((k) => k.kid)).size).toBe(1)
      const rows = await database.db.selectFrom('signingKey').select(['kid', 'activeSlot']).execute()
      expect(rows).toEqual([{ kid: keys[0]?.kid, activeSlot: 'active' }])
    } finally {
      await other.destroy()
      await database.destroy()
    }
  })
})
