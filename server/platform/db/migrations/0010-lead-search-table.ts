import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'

/**
 * PostgreSQL searches a narrow copy of the searched text (docs/decisions/0011-lead-search.md): a
 * broad term's count rechecks every candidate row, and rows of two short strings recheck about
 * twice as fast as whole leads. Kept by statement triggers; erased with its lead (cascade).
 * SQLite's FTS table already is that copy.
 */
export function leadSearchTable(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return
      const searched = (row: string) =>
        `lower(${row}.first_name || ' ' || ${row}.last_name), lower(coalesce(${row}.car_details, ''))`
      const statements = [
        sql`create table lead_search (
          id integer primary key references lead (id) on delete cascade,
          name text not null,
          car text not null
        )`,
        sql.raw(`insert into lead_search (id, name, car) select l.id, ${searched('l')} from lead l`),
        sql`create index lead_search_name_trgm_idx on lead_search using gin (name gin_trgm_ops)`,
        sql`create index lead_search_car_trgm_idx on lead_search using gin (car gin_trgm_ops)`,
        sql`drop index lead_name_trgm_idx`,
        sql`drop index lead_car_details_trgm_idx`,
        sql.raw(`create function lead_search_change() returns trigger language plpgsql as $$
          begin
            if tg_op = 'INSERT' then
              insert into lead_search (id, name, car) select n.id, ${searched('n')} from new_rows n;
            else
              insert into lead_search (id, name, car)
                select n.id, ${searched('n')} from new_rows n join old_rows o on o.id = n.id
                where (n.first_name, n.last_name, n.car_details)
                  is distinct from (o.first_name, o.last_name, o.car_details)
              on conflict (id) do update set name = excluded.name, car = excluded.car;
            end if;
            return null;
          end $$`),
        sql`create trigger lead_search_insert after insert on lead
          referencing new table as new_rows for each statement execute function lead_search_change()`,
        sql`create trigger lead_search_update after update on lead
          referencing old table as old_rows new table as new_rows
          for each statement execute function lead_search_change()`,
        // Without statistics the planner walks the new table by id instead of using its indexes.
        sql`analyze lead_search`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
