import type { Kysely } from 'kysely'
import type { DB } from '../../platform/index.ts'

const columns = ['id', 'key', 'value', 'category', 'description', 'updatedAt'] as const

/** Every setting as key → value, for the site snapshot. */
export async function loadSettings(db: Kysely<DB>): Promise<Map<string, string | null>> {
  const rows = await db.selectFrom('siteSetting').select(['key', 'value']).execute()
  return new Map(rows.map((s) => [s.key, s.value]))
}

export function listSettings(db: Kysely<DB>) {
  return db.selectFrom('siteSetting').select(columns).orderBy('key').execute()
}

export function saveSetting(db: Kysely<DB>, key: string, value: string | null) {
  const now = new Date()
  return db
    .insertInto('siteSetting')
    .values({ key, value, updatedAt: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: now }))
    .returning(columns)
    .executeTakeFirstOrThrow()
}
