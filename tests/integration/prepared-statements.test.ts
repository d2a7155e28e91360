import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, PREPARE_AFTER } from '../../server/platform/index.ts'
import { createTestDatabase, testDialect } from '../support/test-app.ts'

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>

// ADR 0087: on PostgreSQL, repeated statements run prepared on each connection.
describe.skipIf(testDialect !== 'postgres')('prepared statements on PostgreSQL', () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase()
    await sql`create table prepared_probe (id int primary key, label text)`.execute(database.db)
    await sql`insert into prepared_probe values (1, 'one'), (2, 'two')`.execute(database.db)
  })
  afterAll(async () => {
    await database.destroy()
  })

  const prepared = (db: TestDatabase['db']) =>
    sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`
      .execute(db)
      .then((r) => r.rows)

  it('prepares a statement run often enough, on the connection that ran it', async () => {
    await database.db.connection().execute(async (conn) => {
      for (let i = 0; i < PREPARE_AFTER + 2; i++) {
        const row = await sql<{ label: string }>`select label from prepared_probe where id = ${1}`.execute(
          conn,
        )
        expect(row.rows[0]?.label).toBe('one')
      }
      const statements = await prepared(conn)
      expect(statements.some((s) => /^cc/.test(s.name) && s.statement.includes('prepared_probe'))).toBe(true)
    })
  })

  it('runs a statement again unnamed when the schema changed under its prepared form', async () => {
    await database.db.connection().execute(async (conn) => {
      const read = () =>
        sql<Record<string, unknown>>`select * from prepared_probe where id = ${2}`.execute(conn)
      for (let i = 0; i < PREPARE_AFTER + 1; i++) await read()
      await sql`alter table prepared_probe add column note text`.execute(conn)
      const after = await read()
      expect(after.rows[0]).toEqual({ id: 2, label: 'two', note: null })
      // And from then on it is not prepared again.
      await read()
      expect((await read()).rows[0]).toHaveProperty('note', null)
    })
  })

  it('inside a transaction a stale statement fails the transaction, which changes nothing', async () => {
    await database.db.connection().execute(async (conn) => {
      const read = () => sql`select * from prepared_probe where id = ${1} and label is not null`.execute(conn)
      for (let i = 0; i < PREPARE_AFTER + 1; i++) await read()
      await sql`alter table prepared_probe add column extra int`.execute(conn)
      await expect(
        conn.transaction().execute(async (trx) => {
          await sql`update prepared_probe set label = 'changed' where id = ${1}`.execute(trx)
          await sql`select * from prepared_probe where id = ${1} and label is not null`.execute(trx)
        }),
      ).rejects.toMatchObject({ code: '0A000' })
      const label = await sql<{ label: string }>`select label from prepared_probe where id = 1`.execute(conn)
      expect(label.rows[0]?.label).toBe('one')
      // The next run, outside the transaction, works unnamed.
      expect((await read()).rows[0]).toHaveProperty('extra', null)
    })
  })

  it('prepares nothing when turned off', async () => {
    const off = createDatabase({ dialect: 'postgres', url: database.url, preparedStatements: false })
    try {
      await off.db.connection().execute(async (conn) => {
        for (let i = 0; i < PREPARE_AFTER + 2; i++)
          await sql`select label from prepared_probe where id = ${1}`.execute(conn)
        expect(await prepared(conn)).toEqual([])
      })
    } finally {
      await off.destroy()
    }
  })
})
