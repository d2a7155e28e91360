import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { sql } from 'kysely'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERSONAL_DATA_TABLES } from '../../server/leads/index.ts'
import { createDatabase, type Database, parseConfig, parseDatabaseUrl } from '../../server/platform/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import {
  needlesInFiles,
  postgresRelationFiles,
  readablePostgresDataDir,
  sqliteFiles,
} from '../support/database-files.ts'
import { leadPayload } from '../support/factories.ts'
import { created, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'
import { startReceiver } from '../support/webhook-receiver.ts'

/** Every table the database itself lists (never a fixed list), each with all its rows in a stable order. */
async function everyTable(database: Database & { url: string }): Promise<Record<string, string[]>> {
  const stable = (rows: Record<string, unknown>[]) =>
    rows
      .map((row) =>
        JSON.stringify(row, (_key, value) =>
          typeof value === 'bigint'
            ? value.toString()
            : value instanceof Uint8Array
              ? Buffer.from(value).toString('base64')
              : value,
        ),
      )
      .sort()
  const tables: Record<string, string[]> = {}
  if (database.dialect === 'sqlite') {
    // Read directly, with big integers as they are (some columns hold values past 2^53).
    const file = new DatabaseSync(database.url.replace(/^file:/, ''), { readOnly: true, readBigInts: true })
    try {
      const names = file
        .prepare(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
        )
        .all()
        .map((r) => String(r.name))
      for (const name of names) tables[name] = stable(file.prepare(`select * from "${name}"`).all())
    } finally {
      file.close()
    }
    return tables
  }
  const db = database.db.withoutPlugins()
  const { rows } = await sql<{
    name: string
  }>`select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(db)
  for (const { name } of rows) {
    tables[name] = stable(
      (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows,
    )
  }
  return tables
}

function run(script: string, databaseUrl: string, ...args: string[]): string {
  return runWith({}, script, databaseUrl, ...args)
}

function runWith(env: Record<string, string>, script: string, databaseUrl: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [`scripts/${script}.ts`, ...args], {
    // The test apps' secret: the erasure ledger's key derives from it.
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'test-session-secret-0123456789',
      ...env,
    },
    encoding: 'utf8',
  })
  if (result.status !== 0)
    throw new Error(`${script} exited ${result.status}: ${result.stdout}${result.stderr}`)
  return result.stdout
}

describe(`npm run db:backup and db:restore on ${testDialect}`, () => {
  let app: TestApp
  let databaseUrl: string
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-backup-'))
  const file = path.join(work, testDialect === 'sqlite' ? 'backup.db' : 'backup.dump')

  beforeAll(async () => {
    const defaults = parseConfig({ NODE_ENV: 'test' }).webhooks
    app = await startTestApp({ webhooks: { ...defaults, allowPrivate: true } })
    databaseUrl = app.database.url
    const admin = await createSignedInAdmin(app, { role: 'admin' })
    // Something in every table the admin and the public can fill.
    const page = await created(
      await admin.post('/api/admin/pages', {
        title: 'Backed up',
        slug: 'backed-up',
        content: '<p>one</p>',
        isPublished: true,
      }),
    )
    await ok(await admin.put(`/api/admin/pages/${page.id}`, { content: '<p>two</p>' }))
    await created(
      await admin.post('/api/admin/redirects', { name: 'Old', fromUrl: '/old', toUrl: '/backed-up' }),
    )
    await ok(await admin.post('/api/admin/settings', { key: 'site_keywords', value: 'kept, safe' }))
    await created(
      await admin.post('/api/admin/scripts', {
        name: 'Tag',
        position: 'head',
        script: '<script>window.t=1</script>',
        consentCategory: 'none',
      }),
    )
    const receiver = await startReceiver(() => 200)
    await created(
      await admin.post('/api/admin/webhooks', {
        name: 'Buyer',
        url: receiver.url,
        secret: 'backup-secret-0123456789',
      }),
    )
    for (let i = 0; i < 3; i++) {
      await created(
        await app.postJson(
          '/api/leads',
          leadPayload({ email: `backup-${i}@example.test`, phone: `0760000000${i}` }),
        ),
      )
    }
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0c1d3a' } })
      .png()
      .toBuffer()
    const body = new FormData()
    body.append('image', new Blob([image as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'a.png')
    body.append('alt', 'A picture')
    expect(
      (
        await app.request('/api/admin/upload-image', {
          method: 'POST',
          body,
          headers: { cookie: admin.cookie },
        })
      ).status,
    ).toBe(200)
    await receiver.close()
  }, 60_000)
  afterAll(async () => {
    await app?.close()
    fs.rmSync(work, { recursive: true, force: true })
  })

  it('restores every row of every table after the data changed and was lost', async () => {
    await app.services.webhooks.stop()
    await app.services.jobs.stop()
    const before = await everyTable(app.database)
    const filled = ['lead', 'page', 'page_revision', 'redirect', 'upload', 'site_setting']
    filled.push('custom_script', 'webhook', 'webhook_delivery', 'audit_log', 'admin_user', 'session')
    for (const table of filled) expect(before[table]?.length, table).toBeGreaterThan(0)

    expect(run('db-backup', databaseUrl, file)).toMatch(/Backed up the (sqlite|postgres) database/)
    expect(fs.statSync(file).size).toBeGreaterThan(1000)
    // A second backup to the same file is refused: a backup is never overwritten.
    expect(() => run('db-backup', databaseUrl, file)).toThrow(/already exists/)

    const db = app.database.db
    await db.deleteFrom('webhookAttempt').execute()
    await db.deleteFrom('webhookDelivery').execute()
    await db.deleteFrom('lead').execute()
    await db.updateTable('page').set({ title: 'Defaced' }).execute()
    await db.deleteFrom('redirect').execute()
    await db.insertInto('siteSetting').values({ key: 'after_backup', value: 'x' }).execute()
    expect(await everyTable(app.database)).not.toEqual(before)

    await app.close()
    expect(run('db-restore', databaseUrl, file)).toMatch(/Restored the (sqlite|postgres) database/)

    app = await startTestApp({}, { database: { ...app.database, url: databaseUrl } })
    expect(await everyTable(app.database)).toEqual(before)
    const restored = await app.request('/backed-up')
    expect(restored.status).toBe(200)
    expect(await restored.text()).toContain('two')
  }, 60_000)

  it('refuses a missing file, a file that is not a backup, and a restore without a file', () => {
    expect(() => run('db-restore', databaseUrl, path.join(work, 'nope.db'))).toThrow(/No backup at/)
    const junk = path.join(work, 'junk.db')
    fs.writeFileSync(junk, 'not a database')
    expect(() => run('db-restore', databaseUrl, junk)).toThrow(/Restore failed/)
    expect(() => run('db-restore', databaseUrl)).toThrow(/Usage: npm run db:restore FILE/)
  })
})

describe(`db:restore erases again the people erased since the backup, on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-restore-erasure-'))
  const file = (name: string) => path.join(work, `${name}.${testDialect === 'sqlite' ? 'db' : 'dump'}`)
  const stamp = Date.now().toString(36)
  const person = {
    firstName: 'Restorina',
    lastName: 'Erasedotter',
    email: `restorina.${stamp}@example.test`,
    phone: '07700 900611',
  }
  const bystander = { email: `kept.${stamp}@example.test`, phone: '07700 900612' }
  const lostDatabases: string[] = []

  /** Where a database would be after a loss: a file or a PostgreSQL database that does not exist yet. */
  function lostDatabaseUrl(label: string): string {
    if (testDialect === 'sqlite') return `file:${path.join(work, `${label}.db`)}`
    const url = new URL(app.database.url)
    url.pathname = `${url.pathname}_${label}`
    lostDatabases.push(url.pathname.slice(1))
    return url.toString()
  }

  async function leadEmails(url = app.database.url): Promise<string[]> {
    const opened = url === app.database.url ? undefined : createDatabase(parseDatabaseUrl(url))
    try {
      const rows = await (opened ?? app.database).db
        .selectFrom('lead')
        .select('email')
        .orderBy('id')
        .execute()
      return rows.map((r) => r.email)
    } finally {
      await opened?.destroy()
    }
  }

  /**
   * What of the person the database's files hold, byte for byte (SQLite: file, WAL, shared memory;
   * PostgreSQL: the files of the tables holding lead data, when this process can read them).
   */
  async function personOnDisk(url: string): Promise<string[]> {
    const needles = [person.email, person.firstName, person.lastName, '+447700900611']
    if (testDialect === 'sqlite') return needlesInFiles(sqliteFiles(url), needles)
    const database = createDatabase(parseDatabaseUrl(url))
    try {
      const dataDir = await readablePostgresDataDir(database.db)
      if (!dataDir) return []
      // Whatever the buffers still hold goes to the files first: nothing can hide in memory.
      await sql`checkpoint`.execute(database.db)
      return needlesInFiles(await postgresRelationFiles(database.db, dataDir, PERSONAL_DATA_TABLES), needles)
    } finally {
      await database.destroy()
    }
  }

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
    fs.rmSync(work, { recursive: true, force: true })
    if (lostDatabases.length > 0 && process.env.TEST_POSTGRES_URL) {
      const client = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL })
      await client.connect()
      for (const name of lostDatabases) await client.query(`drop database if exists "${name}" with (force)`)
      await client.end()
    }
  })

  it('erases again from an older backup, through the ledger of the database replaced or of an exported file, and keeps leads taken after the erasure', async () => {
    await created(await app.postJson('/api/leads', leadPayload(person)))
    await created(await app.postJson('/api/leads', leadPayload(bystander)))
    run('db-backup', app.database.url, file('before'))

    const erasure = await ok(await admin.del(`/api/admin/subjects?email=${encodeURIComponent(person.email)}`))
    expect(erasure.erased).toBe(1)
    // The person comes back after the erasure: a new lead, which no restore may take away.
    await created(await app.postJson('/api/leads', leadPayload(person)))
    run('db-backup', app.database.url, file('after'))
    const ledgerFile = path.join(work, 'erasures.jsonl')
    expect(run('db-erasures', app.database.url, 'export', ledgerFile)).toMatch(
      /Exported 2 erasure ledger entries/,
    )
    const ledgerText = fs.readFileSync(ledgerFile, 'utf8')
    expect(ledgerText.trim().split('\n')).toHaveLength(2)
    for (const secret of [person.email, person.phone.replace(' ', ''), '+447700900611', 'Restorina']) {
      expect(ledgerText).not.toContain(secret)
    }

    await app.services.webhooks.stop()
    await app.services.jobs.stop()
    // The old backup over the live database: its ledger (read before the restore) erases the person again.
    const restored = run('db-restore', app.database.url, file('before'))
    expect(restored).toMatch(/Erasure ledger: 2 entries added; 1 leads of erased people erased again/)
    expect(restored).not.toContain(person.email)
    expect(await leadEmails()).toEqual([bystander.email])
    expect(await personOnDisk(app.database.url)).toEqual([])

    // The backup taken after the erasure: the person's later lead stays.
    expect(run('db-restore', app.database.url, file('after'))).toMatch(
      /Erasure ledger: 0 entries added; 0 leads of erased people erased again/,
    )
    expect(await leadEmails()).toEqual([bystander.email, person.email])

    // The database is lost: without the exported ledger the old backup brings the person back…
    const bare = lostDatabaseUrl('lost_bare')
    expect(run('db-restore', bare, file('before'))).toMatch(/0 leads of erased people erased again/)
    expect(await leadEmails(bare)).toEqual([person.email, bystander.email])
    expect(await personOnDisk(bare)).toContain(person.email)
    // …with it, they stay erased.
    const kept = lostDatabaseUrl('lost_ledger')
    expect(run('db-restore', kept, file('before'), '--ledger', ledgerFile)).toMatch(
      /Erasure ledger: 2 entries added; 1 leads of erased people erased again/,
    )
    expect(await leadEmails(kept)).toEqual([bystander.email])
    expect(await personOnDisk(kept)).toEqual([])
    // Without the key the ledger means nothing: the restore refuses rather than bring the person back.
    expect(() => runWith({ SESSION_SECRET: '' }, 'db-restore', kept, file('before'))).toThrow(
      /Restore failed: set ERASURE_KEY \(or SESSION_SECRET\)/,
    )
    expect(await leadEmails(kept)).toEqual([bystander.email])
    expect(() =>
      run('db-restore', kept, file('before'), '--ledger', path.join(work, 'missing.jsonl')),
    ).toThrow(/Restore failed: .*missing\.jsonl/)
  }, 120_000)
})
