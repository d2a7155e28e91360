import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Erasure that reaches the disk and the backups (docs/decisions/0022-erasure-on-disk.md): the
 * ledger of erased identities (keyed hashes only) that a restore re-applies, and on SQLite a search
 * index that removes an erased lead's text instead of hiding it behind a tombstone. FTS5 ignores
 * its `secure-delete` option on `contentless_delete=1` tables, so the index becomes a plain
 * contentless table whose triggers delete with the old values (`'delete'` command).
 */
export function erasureLedger(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const name = (row: string) => `${row}.first_name || ' ' || ${row}.last_name`
      const car = (row: string) => `coalesce(${row}.car_details, '')`
      // `if not exists`: a PostgreSQL restore of a backup older than this migration keeps the
      // current ledger table (pg_restore --clean drops only what the dump holds).
      const statements = [
        sql`create table if not exists erasure_ledger (
          ${t.id('id')},
          kind text not null check (kind in ('email', 'phone')),
          digest text not null,
          erased_at ${t.timestamp} not null
        )`,
        sql`create index if not exists erasure_ledger_digest_idx on erasure_ledger (kind, digest)`,
      ]
      if (dialect === 'sqlite') {
        statements.push(
          sql`drop trigger lead_search_insert`,
          sql`drop trigger lead_search_delete`,
          sql`drop trigger lead_search_update`,
          sql`drop table lead_search`,
          sql`create virtual table lead_search using fts5(
            name, car_details, content='', tokenize='trigram'
          )`,
          sql`insert into lead_search (lead_search, rank) values ('secure-delete', 1)`,
          sql.raw(`insert into lead_search (rowid, name, car_details)
            select l.id, ${name('l')}, ${car('l')} from lead l`),
          sql.raw(`create trigger lead_search_insert after insert on lead begin
            insert into lead_search (rowid, name, car_details) values (new.id, ${name('new')}, ${car('new')});
          end`),
          sql.raw(`create trigger lead_search_delete after delete on lead begin
            insert into lead_search (lead_search, rowid, name, car_details)
            values ('delete', old.id, ${name('old')}, ${car('old')});
          end`),
          sql.raw(`create trigger lead_search_update after update of first_name, last_name, car_details on lead begin
            insert into lead_search (lead_search, rowid, name, car_details)
            values ('delete', old.id, ${name('old')}, ${car('old')});
            insert into lead_search (rowid, name, car_details) values (new.id, ${name('new')}, ${car('new')});
          end`),
        )
      }
      for (const statement of statements) await statement.execute(db)
    },
  }
}
