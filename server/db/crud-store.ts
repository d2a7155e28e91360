import type { Kysely } from 'kysely'
import type { DB } from './schema.ts'

type RowTable = 'customScript' | 'redirect'

/** List, find, create, update and delete on one simple table, for the module that owns it. */
export type CrudStore<Row> = {
  list: () => Promise<Row[]>
  find: (id: number) => Promise<Row | undefined>
  create: (values: Record<string, unknown>) => Promise<Row>
  update: (id: number, values: Record<string, unknown>) => Promise<Row>
  remove: (id: number) => Promise<void>
}

export function crudStore<T extends RowTable>(db: Kysely<DB>, table: T): CrudStore<DB[T] & { id: number }> {
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
        .executeTakeFirstOrThrow()) as unknown as Row,
    remove: async (id) => {
      await q.deleteFrom(t).where('id', '=', id).execute()
    },
  }
}
