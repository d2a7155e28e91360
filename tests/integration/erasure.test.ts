import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { normaliseUkPhone } from '../../core/phone.ts'
import { backupDatabase } from '../../scripts/backup.ts'
import { ledgerDigest, PERSONAL_DATA_TABLES } from '../../server/leads/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import {
  needlesIn,
  needlesInFiles,
  postgresRelationFiles,
  readIfThere as read,
  readablePostgresDataDir,
} from '../support/database-files.ts'
import { leadPayload } from '../support/factories.ts'
import { created, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

/**
 * The held-out check of issue 19: an erased person is searched for in the database's own files
 * (SQLite: the file, its WAL and shared memory; PostgreSQL: the table and index files of every
 * table holding lead data) and in a backup made after the erasure, byte for byte.
 */

const stamp = Date.now().toString(36)
const who = {
  firstName: 'Quillonax',
  lastName: 'Vendrabury',
  email: `quillonax.vendrabury.${stamp}@erasure.test`,
  phone: '07700 900517',
  // "ǂqz" is one of the search index's trigrams, and no other term starts with its first byte, so
  // the index stores it whole: it shows whether the search index still holds the person.
  carDetails: 'Xantrelle Roadster ǂqz',
}
const userAgent = 'ErasureBrowser/9.7'
const phoneE164 = normaliseUkPhone(who.phone)?.e164 as string

/** What must not be found anywhere after the erasure, as stored and as PostgreSQL's search copy folds it. */
const needles = [
  who.firstName,
  who.lastName,
  who.email,
  phoneE164,
  who.phone,
  'Xantrelle',
  'ǂqz',
  userAgent,
  ...(testDialect === 'postgres' ? [`${who.firstName} ${who.lastName}`.toLowerCase()] : []),
]

const found = (bytes: Buffer) => needlesIn(bytes, needles)

describe(`an erased person is gone from the database files on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let bystanderEmail: string
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-erasure-'))
  const db = () => app.database.db

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
    const { reference } = await created(
      await app.postJson('/api/leads', leadPayload(who), { headers: { 'user-agent': userAgent } }),
    )
    const lead = await db()
      .selectFrom('lead')
      .select('id')
      .where('reference', '=', reference as string)
      .executeTakeFirstOrThrow()
    // A buyer's answer that echoed the person back is held too, with the delivery it belongs to.
    const webhook = await db()
      .insertInto('webhook')
      .values({ name: 'Buyer', url: 'https://buyer.example.test/hook', secret: 's3cret', isActive: false })
      .returning('id')
      .executeTakeFirstOrThrow()
    const delivery = await db()
      .insertInto('webhookDelivery')
      .values({ leadId: lead.id, webhookId: webhook.id, idempotencyKey: `erasure-${stamp}` })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db()
      .insertInto('webhookAttempt')
      .values({
        deliveryId: delivery.id,
        statusCode: 409,
        durationMs: 5,
        responseExcerpt: `{"error":"duplicate","email":"${who.email}","name":"${who.firstName}"}`,
      })
      .execute()
    bystanderEmail = `bystander.${stamp}@erasure.test`
    await created(
      await app.postJson('/api/leads', leadPayload({ email: bystanderEmail, phone: '07700 900518' })),
    )
  })
  afterAll(async () => {
    await app?.close()
    fs.rmSync(work, { recursive: true, force: true })
  })

  it.runIf(testDialect === 'sqlite')(
    'SQLite: the person is in the file before, and in none of the file, WAL, shared memory or a later backup after',
    async () => {
      const file = app.database.url.replace(/^file:/, '')
      await sql`pragma wal_checkpoint(truncate)`.execute(db())
      // The search finds the bytes when they are there: every needle is in the file before.
      expect(found(read(file))).toEqual(needles)

      const body = await ok(await admin.del(`/api/admin/subjects?email=${encodeURIComponent(who.email)}`))
      expect(body.erased).toBe(1)

      expect(found(read(file))).toEqual([])
      expect(found(read(`${file}-wal`))).toEqual([])
      expect(found(read(`${file}-shm`))).toEqual([])
      const backup = path.join(work, 'after-erasure.db')
      await backupDatabase({ dialect: 'sqlite', file }, backup)
      expect(found(read(backup))).toEqual([])
      // The rest of the database is untouched and the search index still answers.
      const list = await ok(await admin.get(`/api/leads?q=${encodeURIComponent('ford')}&page=1`))
      expect(list.total).toBe(1)
      expect(await db().selectFrom('lead').select('email').execute()).toEqual([{ email: bystanderEmail }])
    },
  )

  it.runIf(testDialect === 'sqlite')(
    'SQLite: waits for a reader holding an older snapshot to finish, then truncates the WAL',
    async () => {
      const file = app.database.url.replace(/^file:/, '')
      const other = {
        firstName: 'Brimbleworth',
        lastName: 'Oxcartle',
        email: `brimbleworth.${stamp}@erasure.test`,
      }
      await created(await app.postJson('/api/leads', leadPayload({ ...other, phone: '07700 900519' })))
      const reader = new DatabaseSync(file, { readOnly: true })
      reader.exec('begin')
      reader.prepare('select count(*) from lead').get()
      // The reader lets go while the erasure is retrying its checkpoint.
      const release = setTimeout(() => {
        reader.exec('commit')
        reader.close()
      }, 300)
      try {
        const body = await ok(await admin.del(`/api/admin/subjects?email=${encodeURIComponent(other.email)}`))
        expect(body.erased).toBe(1)
      } finally {
        clearTimeout(release)
        if (reader.isOpen) reader.close()
      }
      const names = [other.firstName, other.lastName, other.email]
      expect(needlesIn(Buffer.concat([read(file), read(`${file}-wal`)]), names)).toEqual([])
    },
  )

  it.runIf(testDialect === 'postgres')(
    'PostgreSQL: the person is in the table and index files before, and in none of them after (no checkpoint needed)',
    async (context) => {
      const dataDir = await readablePostgresDataDir(db())
      if (!dataDir)
        return context.skip("the cluster's files are not readable here: the server runs elsewhere")
      const relationFiles = async () => {
        const files = await postgresRelationFiles(db(), dataDir, PERSONAL_DATA_TABLES)
        expect(files.length).toBeGreaterThan(PERSONAL_DATA_TABLES.length)
        return files
      }
      const foundIn = (files: string[]) => needlesInFiles(files, needles)

      await sql`checkpoint`.execute(db())
      const before = await relationFiles()
      expect(foundIn(before)).toEqual([...needles].sort())

      const body = await ok(await admin.del(`/api/admin/subjects?email=${encodeURIComponent(who.email)}`))
      expect(body.erased).toBe(1)

      expect(foundIn(await relationFiles())).toEqual([])
      expect(foundIn(before)).toEqual([])
      const list = await ok(await admin.get(`/api/leads?q=${encodeURIComponent('ford')}&page=1`))
      expect(list.total).toBe(1)
      expect(await db().selectFrom('lead').select('email').execute()).toEqual([{ email: bystanderEmail }])
    },
  )

  it('keeps a ledger of keyed hashes, with no personal data, and takes the person back as a new lead', async () => {
    if ((await db().selectFrom('lead').select('id').where('email', '=', who.email).execute()).length > 0) {
      await ok(await admin.del(`/api/admin/subjects?email=${encodeURIComponent(who.email)}`))
    }
    const ledger = await db().selectFrom('erasureLedger').selectAll().orderBy('kind').execute()
    const key = app.services.config.erasureKey
    expect(ledger.map(({ kind, digest }) => ({ kind, digest }))).toEqual(
      expect.arrayContaining([
        { kind: 'email', digest: ledgerDigest(key, 'email', who.email) },
        { kind: 'phone', digest: ledgerDigest(key, 'phone', who.phone) },
      ]),
    )
    expect(ledger.every((e) => e.erasedAt.getTime() > Date.now() - 600_000)).toBe(true)
    const text = JSON.stringify(ledger)
    for (const secret of [...needles, '7700900517', 'erasure.test']) expect(text).not.toContain(secret)
    // The audit entry still names no one, not even by digest.
    const audit = JSON.stringify(await db().selectFrom('auditLog').selectAll().execute())
    for (const entry of ledger) expect(audit).not.toContain(entry.digest)

    // Capture is not blocked: the person may come back, and is a new lead.
    await created(await app.postJson('/api/leads', leadPayload(who)))
    expect(
      await db().selectFrom('lead').select('email').where('email', '=', who.email).execute(),
    ).toHaveLength(1)
  })
})
