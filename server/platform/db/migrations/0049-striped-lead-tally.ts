import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'

/** How many rows the tally is spread over: each database session adds to one (issue 36). */
export const LEAD_TALLY_SHARDS = 16

/**
 * The one-row lead tally of migration 0006 made every transaction that wrote a lead queue on the
 * same row: captures, and every sale-status update of routing and settling (those add nothing).
 * Now the tally is striped over LEAD_TALLY_SHARDS rows, each session adding to the row of its
 * backend pid and readers summing them, and an update counts only when `has_consent` changes (a
 * row trigger with a WHEN: a statement trigger with transition tables cannot name columns).
 * SQLite keeps counting and has no tally.
 */
export function stripedLeadTally(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return
      const shard = `(pg_backend_pid() % ${LEAD_TALLY_SHARDS})`
      const statements = [
        // No lead is written while the counts move to the new rows.
        sql`lock table lead in share row exclusive mode`,
        sql`drop trigger lead_tally_insert on lead`,
        sql`drop trigger lead_tally_delete on lead`,
        sql`drop trigger lead_tally_update on lead`,
        sql`drop function lead_tally_change()`,
        sql`drop table lead_tally`,
        sql`create table lead_tally (
          shard smallint primary key,
          total bigint not null default 0,
          not_consented bigint not null default 0
        )`,
        sql`insert into lead_tally (shard) select generate_series(0, ${sql.lit(LEAD_TALLY_SHARDS - 1)})`,
        sql`update lead_tally set total = counted.total, not_consented = counted.not_consented
          from (select count(*) as total, count(*) filter (where not has_consent) as not_consented from lead) counted
          where shard = 0`,
        sql.raw(`create function lead_tally_rows() returns trigger language plpgsql as $$
          declare
            added bigint;
            refused bigint;
          begin
            if tg_op = 'INSERT' then
              select count(*), count(*) filter (where not has_consent) into added, refused from new_rows;
            else
              select -count(*), -count(*) filter (where not has_consent) into added, refused from old_rows;
            end if;
            if added <> 0 then
              update lead_tally set total = total + added, not_consented = not_consented + refused
              where shard = ${shard};
            end if;
            return null;
          end $$`),
        sql.raw(`create function lead_tally_consent() returns trigger language plpgsql as $$
          begin
            update lead_tally set not_consented = not_consented
              + (case when new.has_consent then -1 else 1 end)
            where shard = ${shard};
            return null;
          end $$`),
        sql`create trigger lead_tally_insert after insert on lead
          referencing new table as new_rows for each statement execute function lead_tally_rows()`,
        sql`create trigger lead_tally_delete after delete on lead
          referencing old table as old_rows for each statement execute function lead_tally_rows()`,
        sql`create trigger lead_tally_consent after update of has_consent on lead
          for each row when (old.has_consent is distinct from new.has_consent)
          execute function lead_tally_consent()`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
