import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { describe, expect, it } from 'vitest'
import { migrateToLatest, migrationProvider } from '../../server/platform/index.ts'
import { createTestDatabase, testDialect } from '../support/test-app.ts'

describe(`migration 0024 (session details) on ${testDialect}`, () => {
  it('gives sessions from before it their owner and a public id, and starts notices after the last audit row', async () => {
    const old = await createTestDatabase()
    try {
      const raw = old.db.withoutPlugins()
      const migrator = new Migrator({ db: raw, provider: migrationProvider(old.dialect) })
      expect((await migrator.migrateTo('0022_saved_sections')).error).toBeUndefined()
      const started = '2026-11-20T10:00:00.000Z'
      const expire = new Date(Date.now() + 3_600_000)
      await sql`insert into session (sid, sess, expire)
        values ('old-sid', ${JSON.stringify({ adminId: 7, createdAt: started })}, ${expire})`.execute(raw)
      await sql`insert into session (sid, sess, expire)
        values ('odd-sid', ${JSON.stringify({ something: 'else' })}, ${expire})`.execute(raw)
      for (const action of ['auth.sign_in', 'page.create', 'auth.sign_in'])
        await sql`insert into audit_log (actor_id, action) values (7, ${action})`.execute(raw)
      await migrateToLatest(raw, old.dialect)

      const rows = await old.db.selectFrom('session').selectAll().orderBy('sid').execute()
      const [odd, kept] = rows
      expect(kept).toMatchObject({ sid: 'old-sid', adminId: 7, userAgent: null, ipPrefix: null })
      expect(kept?.publicId).toMatch(/^[0-9a-f-]{36}$/)
      expect(kept?.createdAt?.toISOString()).toBe(started)
      expect(kept?.lastSeenAt?.toISOString()).toBe(started)
      expect(odd).toMatchObject({ sid: 'odd-sid', adminId: null, publicId: null })

      const last = await old.db
        .selectFrom('auditLog')
        .select(({ fn }) => fn.max('id').as('id'))
        .executeTakeFirst()
      const cursor = await old.db.selectFrom('accountNoticeCursor').selectAll().execute()
      expect(cursor).toEqual([{ name: 'account-notices', lastAuditId: Number(last?.id) }])
    } finally {
      await old.destroy()
    }
  })
})
