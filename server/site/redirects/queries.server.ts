import type { Kysely } from 'kysely'
import { compileRedirects } from '../../../core/redirect-rules.ts'
import type { DB } from '../../platform/index.ts'
import { crudStore } from '../../platform/index.ts'

const ruleColumns = ['id', 'fromUrl', 'toUrl', 'statusCode', 'isRegex', 'isActive', 'keepQuery'] as const

export const redirectStore = (db: Kysely<DB>) => crudStore(db, 'redirect')

/** Active rules in id order, except `exceptId` (the rule being saved). */
export function listActiveRules(db: Kysely<DB>, exceptId = 0) {
  return db
    .selectFrom('redirect')
    .select(ruleColumns)
    .where('isActive', '=', true)
    .where('id', '!=', exceptId)
    .orderBy('id')
    .execute()
}

/** The compiled rule table for the site snapshot. */
export async function loadRedirectTable(db: Kysely<DB>) {
  return compileRedirects(await listActiveRules(db))
}

export async function addRedirectHits(db: Kysely<DB>, counts: Map<number, number>) {
  for (const [id, count] of counts) {
    await db
      .updateTable('redirect')
      .set((eb) => ({ hitCount: eb('hitCount', '+', count) }))
      .where('id', '=', id)
      .execute()
  }
}
