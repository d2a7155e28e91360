import type { Kysely } from 'kysely'
import type { SavedSectionContent } from '../../../core/schemas/saved-sections.ts'
import type { DB, ResourceStore, SavedSectionTable } from '../../platform/index.ts'
import { json } from '../../platform/index.ts'

export type SavedSectionRow = {
  [K in keyof SavedSectionTable]: K extends 'id'
    ? number
    : K extends 'section'
      ? SavedSectionContent
      : K extends 'createdAt' | 'updatedAt'
        ? Date
        : SavedSectionTable[K]
}

export function insertSavedSection(
  db: Kysely<DB>,
  values: { name: string; section: SavedSectionContent; createdBy: number | null },
): Promise<SavedSectionRow> {
  return db
    .insertInto('savedSection')
    .values({ ...values, section: json(values.section) })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** List (by name), find, rename and delete; saving goes through insertSavedSection (it needs the author). */
export function savedSectionStore(db: Kysely<DB>): ResourceStore<SavedSectionRow, unknown, { name: string }> {
  return {
    list: () => db.selectFrom('savedSection').selectAll().orderBy('name').orderBy('id').execute(),
    find: (id) => db.selectFrom('savedSection').selectAll().where('id', '=', id).executeTakeFirst(),
    create: () => Promise.reject(new Error('Saved sections are created by insertSavedSection')),
    update: (id, { name }) =>
      db
        .updateTable('savedSection')
        .set({ name, updatedAt: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    remove: async (id) => {
      await db.deleteFrom('savedSection').where('id', '=', id).execute()
    },
  }
}
