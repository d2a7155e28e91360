import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'

/**
 * Substring search over a million leads (docs/decisions/0011-lead-search.md): SQLite keeps a
 * contentless FTS5 trigram index fed by triggers; PostgreSQL uses pg_trgm GIN indexes on the very
 * expressions the search compares. A partial index makes the consent count cheap.
 */
export function leadSearch(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements =
        dialect === 'sqlite'
          ? [
              sql`create virtual table lead_search using fts5(
                name, car_details, content='', contentless_delete=1, tokenize='trigram'
              )`,
              sql`insert into lead_search (rowid, name, car_details)
                select id, first_name || ' ' || last_name, coalesce(car_details, '') from lead`,
              sql`create trigger lead_search_insert after insert on lead begin
                insert into lead_search (rowid, name, car_details)
                values (new.id, new.first_name || ' ' || new.last_name, coalesce(new.car_details, ''));
              end`,
              sql`create trigger lead_search_delete after delete on lead begin
                delete from lead_search where rowid = old.id;
              end`,
              sql`create trigger lead_search_update after update of first_name, last_name, car_details on lead begin
                delete from lead_search where rowid = old.id;
                insert into lead_search (rowid, name, car_details)
                values (new.id, new.first_name || ' ' || new.last_name, coalesce(new.car_details, ''));
              end`,
              sql`create index lead_not_consented_idx on lead (id) where not has_consent`,
            ]
          : [
              sql`create extension if not exists pg_trgm`,
              sql`create index lead_name_trgm_idx on lead
                using gin ((lower(first_name || ' ' || last_name)) gin_trgm_ops)`,
              sql`create index lead_car_details_trgm_idx on lead
                using gin ((lower(coalesce(car_details, ''))) gin_trgm_ops)`,
              sql`create index lead_not_consented_idx on lead (id) where not has_consent`,
            ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
