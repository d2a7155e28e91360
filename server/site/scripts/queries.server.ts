import type { Kysely } from 'kysely'
import type { DB } from '../../platform/index.ts'
import { crudStore } from '../../platform/index.ts'
import { renderScripts } from './render-scripts.ts'

export const scriptStore = (db: Kysely<DB>) => crudStore(db, 'customScript')

/** The active scripts' markup for the site snapshot. */
export async function loadScriptMarkup(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('customScript')
    .select(['id', 'script', 'position', 'consentCategory'])
    .where('isActive', '=', true)
    .execute()
  return renderScripts(rows)
}
