import type { Kysely } from 'kysely'
import type { DB } from '../../platform/index.ts'

export type NewRendition = {
  key: string
  contentType: string
  width: number
  height: number
  bytes: Uint8Array
}

/** Stores renditions; a key already stored holds the same bytes (keys are content hashes), so it is kept. */
export async function saveRenditions(db: Kysely<DB>, renditions: NewRendition[], createdBy: number | null) {
  if (renditions.length === 0) return
  await db
    .insertInto('upload')
    .values(renditions.map((r) => ({ ...r, createdBy })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
}

export function findUpload(db: Kysely<DB>, key: string) {
  return db.selectFrom('upload').select(['contentType', 'bytes']).where('key', '=', key).executeTakeFirst()
}
