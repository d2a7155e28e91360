import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../server/config.ts'
import type { Database } from '../../server/db/database.ts'
import { createSignedInAdmin } from '../support/admin-client.ts'
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
  const result = spawnSync(process.execPath, [`scripts/${script}.ts`, ...args], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
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
