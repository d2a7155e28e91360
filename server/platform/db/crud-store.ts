import type { Kysely } from 'kysely'
import type { ResourceStore } from '../http/admin-resource.ts'
import type { DB } from './schema.ts'

type RowTable = 'customScript' | 'redirect'

/** List (in id order), find, create, update and delete on one simple table, for the module that owns it. */
export function crudStore<T extends RowTable>(
  db: Kysely<DB>,
  table: T,
): ResourceStore<DB[T] & { id: number }> {
  // Kysely cannot type a table chosen by a parameter; the callers are the owning modules.
  const q = db as unknown as Kysely<{ t: { id: number } & Record<string, unknown> }>
  const t = table as unknown as 't'
  type Row = DB[T] & { id: number }
  return {
    list: async () => (await q.selectFrom(t).selectAll().orderBy('id').execute()) as unknown as Row[],
    find: async (id) =>
      (await q.selectFrom(t).selectAll().where('id', '=', id).executeTakeFirst()) as unknown as
        | Row
        | undefined,
    create: async (values) =>
      (await q
        .insertInto(t)
        .values(values as never)
        .returningAll()
        .executeTakeFirstOrThrow()) as unknown as Row,
    update: async (id, values) =>
      (await q
        .updateTable(t)
        .set({ ...values, updatedAt: new Date() } as never)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()) as unknown as Row | undefined,
    remove: async (id) => {
      await q.deleteFrom(t).where('id', '=', id).execute()
    },
  }
}
