// The time to sign one consent certificate (EdDSA over Ed25519, node:crypto): median and p99 over
// 10,000 signs of one certificate each (the active key is read once, then kept in memory), and the
// cost per certificate in batches of 500, as a group commit signs them.
import { performance } from 'node:perf_hooks'
import type { CertificateClaims } from '../core/consent-certificate.ts'
import { signConsentCertificates, signerSettingsOf } from '../server/leads/index.ts'
import { createDatabase, migrateToLatest, parseConfig } from '../server/platform/index.ts'
import { percentile } from './delivery.ts'

const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: digits })

const claims = (n: number): CertificateClaims => ({
  reference: `bench-${n}-${'x'.repeat(20)}`,
  issuedAt: new Date(),
  consentVersion: 'a'.repeat(64),
  wording:
    'By submitting you agree that Acme Claims Ltd, Best Claims Ltd and Carwise Legal LLP may contact you by phone, e-mail and text about your car finance claim.',
  firms: [
    { id: 1, name: 'Acme Claims Ltd', tradingName: 'Acme', fcaNumber: '123456' },
    { id: 2, name: 'Best Claims Ltd', tradingName: null, fcaNumber: '234567' },
    { id: 3, name: 'Carwise Legal LLP', tradingName: 'Carwise', fcaNumber: '3456789' },
  ],
  pageUrl: 'https://example.test/check-your-claim',
  pageRevision: 'b'.repeat(64),
  questionnaireVersionId: 7,
  answersSha256: 'c'.repeat(64),
})

export async function benchCertificates(file: string, signs = 10_000) {
  const database = createDatabase({ dialect: 'sqlite', file })
  try {
    await migrateToLatest(database.db.withoutPlugins(), database.dialect)
    const settings = signerSettingsOf(
      parseConfig({ SESSION_SECRET: 'bench-session-secret-0123456789', PUBLIC_URL: 'https://example.test' }),
    )
    // Makes the key and warms the JIT.
    for (let i = 0; i < 1000; i++) await signConsentCertificates(database.db, [claims(i)], settings)
    const times: number[] = []
    for (let i = 0; i < signs; i++) {
      const started = performance.now()
      await signConsentCertificates(database.db, [claims(i)], settings)
      times.push((performance.now() - started) * 1000)
    }
    times.sort((a, b) => a - b)
    const batch = Array.from({ length: 500 }, (_, i) => claims(i))
    const batches = 20
    const started = performance.now()
    for (let i = 0; i < batches; i++) await signConsentCertificates(database.db, batch, settings)
    const perCertificate = ((performance.now() - started) * 1000) / (batches * batch.length)
    console.log(
      `Consent certificate signing: ${fmt(percentile(times, 50), 1)} µs median, ${fmt(percentile(times, 99), 1)} µs p99 per certificate over ${fmt(signs)} signs; ${fmt(perCertificate, 1)} µs each in batches of ${batch.length} (${fmt(1_000_000 / perCertificate)} per second on one core)`,
    )
  } finally {
    await database.destroy()
  }
}
