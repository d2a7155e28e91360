import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'

/**
 * PostgreSQL counts a million rows in about 100 ms (a parallel scan): the lead totals the panel
 * shows on every page come from a one-row tally kept by statement triggers instead. SQLite counts
 * through its smallest index in about 12 ms and needs none.
 */
export function leadTally(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return
      const statements = [
        sql`create table lead_tally (
          id integer primary key check (id = 1),
          total bigint not null,
          not_consented bigint not null
        )`,
        sql`insert into lead_tally (id, total, not_consented)
          select 1, count(*), count(*) filter (where not has_consent) from lead`,
        sql.raw(`create function lead_tally_change() returns trigger language plpgsql as $$
          begin
            if tg_op = 'INSERT' then
              update lead_tally set total = total + (select count(*) from new_rows),
                not_consented = not_consented + (select count(*) from new_rows where not has_consent)
              where id = 1;
            elsif tg_op = 'DELETE' then
              update lead_tally set total = total - (select count(*) from old_rows),
                not_consented = not_consented - (select count(*) from old_rows where not has_consent)
              where id = 1;
            else
              update lead_tally set not_consented = not_consented
                + (select count(*) from new_rows where not has_consent)
                - (select count(*) from old_rows where not has_consent)
              where id = 1;
            end if;
            return null;
          end $$`),
        sql`create trigger lead_tally_insert after insert on lead
          referencing new table as new_rows for each statement execute function lead_tally_change()`,
        sql`create trigger lead_tally_delete after delete on lead
          referencing old table as old_rows for each statement execute function lead_tally_change()`,
        sql`create trigger lead_tally_update after update on lead
          referencing old table as old_rows new table as new_rows
          for each statement execute function lead_tally_change()`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
