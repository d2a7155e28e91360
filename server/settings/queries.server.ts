import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'

export async function getSetting(db: Kysely<DB>, key: string): Promise<string | null> {
  const row = await db.selectFrom('siteSetting').select('value').where('key', '=', key).executeTakeFirst()
  return row?.value ?? null
}

/** A setting whose value is JSON text; anything unreadable counts as absent. */
export async function getJsonSetting<T>(db: Kysely<DB>, key: string): Promise<Partial<T> | null> {
  const value = await getSetting(db, key)
  if (!value) return null
  try {
    const parsed: unknown = JSON.parse(value)
    return parsed && typeof parsed === 'object' ? (parsed as Partial<T>) : null
  } catch {
    return null
  }
}
