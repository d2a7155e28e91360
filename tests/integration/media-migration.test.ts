import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { describe, expect, it } from 'vitest'
import { migrateToLatest, migrationProvider } from '../../server/platform/index.ts'
import { createTestDatabase, testDialect } from '../support/test-app.ts'

describe(`migration 0021 (media library) on ${testDialect}`, () => {
  it('gives each image uploaded before it one media row, its renditions grouped by hash', async () => {
    const old = await createTestDatabase()
    try {
      const raw = old.db.withoutPlugins()
      const migrator = new Migrator({ db: raw, provider: migrationProvider(old.dialect) })
      expect((await migrator.migrateTo('0020_experiments')).error).toBeUndefined()
      const a = 'aaaaaaaaaaaaaaaa'
      const b = 'bbbbbbbbbbbbbbbb'
      const rows: [string, number, number, number][] = [
        [`${a}-960.webp`, 960, 480, 30],
        [`${a}-480.webp`, 480, 240, 10],
        [`${a}-1600.webp`, 1600, 800, 70],
        [`${b}-300.webp`, 300, 200, 5],
        // Not a rendition key: left alone.
        ['stray.webp', 10, 10, 1],
      ]
      for (const [key, width, height, size] of rows) {
        const bytes = new Uint8Array(size).fill(7)
        await sql`insert into upload (key, content_type, width, height, bytes, created_by)
          values (${key}, 'image/webp', ${width}, ${height}, ${bytes}, ${null})`.execute(raw)
      }
      await migrateToLatest(raw, old.dialect)

      const media = await old.db.selectFrom('media').selectAll().orderBy('hash').execute()
      expect(
        media.map((m) => [m.hash, m.url, m.width, m.height, m.bytes, m.fileName, m.contentType, m.alt]),
      ).toEqual([
        [a, `/uploads/${a}-1600.webp`, 1600, 800, 110, `${a}.webp`, 'image/webp', ''],
        [b, `/uploads/${b}-300.webp`, 300, 200, 5, `${b}.webp`, 'image/webp', ''],
      ])
      expect(media[0]?.renditions).toEqual([
        { url: `/uploads/${a}-480.webp`, width: 480, height: 240, bytes: 10 },
        { url: `/uploads/${a}-960.webp`, width: 960, height: 480, bytes: 30 },
        { url: `/uploads/${a}-1600.webp`, width: 1600, height: 800, bytes: 70 },
      ])
      for (const m of media) expect(m.createdAt).toBeInstanceOf(Date)
    } finally {
      await old.destroy()
    }
  })
})
