import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/** A rendition's key: the upload's content hash, then its width. */
const KEY = /^([0-9a-f]{16})-(\d+)\.webp$/

type UploadRow = {
  key: string
  width: number
  height: number
  size: number | string
  created_at: Date | string
  created_by: number | null
}

/**
 * The media library (docs/decisions/0041-media-library.md): one row per uploaded image, whose
 * renditions stay in `upload` under keys starting with its hash. Every image uploaded before this
 * migration becomes one row, its renditions grouped by the hash before the last `-{width}.webp`.
 */
export function media(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  const pg = dialect === 'postgres'
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await sql`create table media (
        ${t.id('id')},
        hash text not null unique,
        url text not null,
        width integer not null,
        height integer not null,
        renditions ${t.json} not null,
        bytes integer not null,
        file_name text not null,
        content_type text not null,
        alt text not null default '',
        created_at ${t.timestamp} not null default ${t.now},
        created_by integer
      )`.execute(db)
      await sql`create index media_created_at_idx on media (created_at)`.execute(db)

      const { rows } = await sql<UploadRow>`select key, width, height,
          ${pg ? sql`octet_length(bytes)` : sql`length(bytes)`} as size, created_at, created_by
        from upload order by id`.execute(db)
      const groups = new Map<string, UploadRow[]>()
      for (const row of rows) {
        const hash = KEY.exec(row.key)?.[1]
        if (!hash) continue
        groups.set(hash, [...(groups.get(hash) ?? []), row])
      }
      for (const [hash, group] of groups) {
        const sorted = group.sort((a, b) => a.width - b.width)
        const largest = sorted.at(-1) as UploadRow
        const renditions = sorted.map((r) => ({
          url: `/uploads/${r.key}`,
          width: r.width,
          height: r.height,
          bytes: Number(r.size),
        }))
        const createdAt = new Date(sorted[0]?.created_at ?? Date.now())
        await sql`insert into media
            (hash, url, width, height, renditions, bytes, file_name, content_type, created_at, created_by)
          values (${hash}, ${`/uploads/${largest.key}`}, ${largest.width}, ${largest.height},
            ${JSON.stringify(renditions)}, ${renditions.reduce((sum, r) => sum + r.bytes, 0)},
            ${`${hash}.webp`}, 'image/webp', ${pg ? createdAt : createdAt.toISOString()},
            ${sorted[0]?.created_by ?? null})`.execute(db)
      }
    },
  }
}
