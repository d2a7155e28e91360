import { type Kysely, sql } from 'kysely'
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration'
import { normaliseUkPhone } from '../../core/phone.ts'
import type { Dialect } from './database.ts'

/**
 * Column types per engine. On SQLite the declared type names `boolean`, `timestamp` and `json` are
 * what the adapter reads to give values back as booleans, Dates and objects.
 */
function typesFor(dialect: Dialect) {
  const pg = dialect === 'postgres'
  return {
    timestamp: pg ? sql`timestamptz` : sql`timestamp`,
    json: pg ? sql`jsonb` : sql`json`,
    now: pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    id: (col: string) =>
      pg ? sql.raw(`${col} serial primary key`) : sql.raw(`${col} integer primary key autoincrement`),
  }
}

function initial(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const ts = (name: string) => sql`${sql.ref(name)} ${t.timestamp} not null default ${t.now}`
      const statements = [
        sql`create table lead (
          ${t.id('id')},
          first_name text not null,
          last_name text not null,
          email text not null,
          phone text not null,
          car_details text,
          has_consent boolean not null default false,
          consent_text text,
          source_url text,
          user_agent text,
          ${ts('created_at')}
        )`,
        sql`create index lead_created_at_idx on lead (created_at)`,
        sql`create table eligibility_response (
          ${t.id('id')},
          lead_id integer not null references lead (id) on delete cascade,
          had_pcp_finance boolean not null,
          purchase_date_range text not null,
          loan_amount integer not null,
          dealer_disclosed_commission boolean not null,
          commission_disclosure text not null,
          is_eligible boolean not null,
          estimated_claim integer not null,
          ${ts('created_at')}
        )`,
        sql`create index eligibility_response_lead_id_idx on eligibility_response (lead_id)`,
        sql`create table session (
          sid text primary key,
          sess ${t.json} not null,
          expire ${t.timestamp} not null
        )`,
        sql`create index session_expire_idx on session (expire)`,
        sql`create table "user" (
          ${t.id('id')},
          email text not null unique,
          first_name text,
          last_name text,
          profile_image_url text,
          ${ts('created_at')},
          ${ts('updated_at')}
        )`,
        sql`create table admin_user (
          ${t.id('id')},
          email text not null unique,
          password_hash text not null,
          first_name text,
          last_name text,
          role text not null default 'admin',
          permissions ${t.json},
          is_active boolean not null default true,
          last_login ${t.timestamp},
          password_reset_token text,
          password_reset_expires ${t.timestamp},
          ${ts('created_at')},
          ${ts('updated_at')}
        )`,
        sql`create table page (
          ${t.id('id')},
          slug text not null unique,
          title text not null,
          meta_description text,
          meta_keywords text,
          target_keyword text,
          og_title text,
          og_description text,
          content ${t.json} not null,
          is_published boolean not null default true,
          ${ts('created_at')},
          ${ts('updated_at')}
        )`,
        sql`create table site_setting (
          ${t.id('id')},
          key text not null unique,
          value text,
          category text not null default 'general',
          description text,
          ${ts('updated_at')}
        )`,
        sql`create table custom_script (
          ${t.id('id')},
          name text not null,
          position text not null check (position in ('head', 'body')),
          script text not null,
          is_active boolean not null default true,
          ${ts('created_at')},
          ${ts('updated_at')}
        )`,
        sql`create table redirect (
          ${t.id('id')},
          name text not null,
          from_url text not null,
          to_url text not null,
          status_code integer not null default 301 check (status_code in (301, 302)),
          is_regex boolean not null default false,
          is_active boolean not null default true,
          hit_count integer not null default 0,
          ${ts('created_at')},
          ${ts('updated_at')}
        )`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}

function accessAndAudit(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`create table audit_log (
          ${t.id('id')},
          created_at ${t.timestamp} not null default ${t.now},
          actor_id integer,
          actor_email text,
          action text not null,
          entity text,
          entity_id text,
          detail ${t.json}
        )`,
        sql`create index audit_log_created_at_idx on audit_log (created_at)`,
        sql`create table rate_limit (
          key text primary key,
          window_start ${t.timestamp} not null,
          hits integer not null
        )`,
        sql`create index rate_limit_window_start_idx on rate_limit (window_start)`,
        sql`create index admin_user_password_reset_token_idx on admin_user (password_reset_token)`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}

function consentAndRevisions(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`alter table custom_script add column consent_category text not null default 'none'
          check (consent_category in ('none', 'analytics', 'marketing', 'preferences'))`,
        sql`create table consent_record (
          ${t.id('id')},
          consent_id text not null,
          analytics boolean not null,
          marketing boolean not null,
          preferences boolean not null,
          version text not null,
          chosen_at ${t.timestamp} not null,
          user_agent text,
          created_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create index consent_record_consent_id_idx on consent_record (consent_id)`,
        sql`create index consent_record_created_at_idx on consent_record (created_at)`,
        sql`create table site_revision (
          id integer primary key,
          revision integer not null,
          updated_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`insert into site_revision (id, revision) values (1, 1)`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}

function hardening(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`alter table redirect add column keep_query boolean not null default false`,
        sql`alter table consent_record add column client_timestamp ${t.timestamp}`,
        // jsonb reorders keys; page content must come back as it was stored.
        ...(dialect === 'postgres'
          ? [sql`alter table page alter column content type json using content::text::json`]
          : []),
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}

/**
 * Substring search over a million leads (docs/decisions/0011-lead-search.md): SQLite keeps a
 * contentless FTS5 trigram index fed by triggers; PostgreSQL uses pg_trgm GIN indexes on the very
 * expressions the search compares. A partial index makes the consent count cheap.
 */
function leadSearch(dialect: Dialect): Migration {
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

/**
 * PostgreSQL counts a million rows in about 100 ms (a parallel scan): the lead totals the panel
 * shows on every page come from a one-row tally kept by statement triggers instead. SQLite counts
 * through its smallest index in about 12 ms and needs none.
 */
function leadTally(dialect: Dialect): Migration {
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

function pageRevisions(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`create table page_revision (
          ${t.id('id')},
          page_id integer not null references page (id) on delete cascade,
          slug text not null,
          title text not null,
          meta_description text,
          meta_keywords text,
          target_keyword text,
          og_title text,
          og_description text,
          content ${dialect === 'postgres' ? sql`json` : t.json} not null,
          actor_id integer,
          actor_email text,
          created_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create index page_revision_page_id_idx on page_revision (page_id, id)`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}

/**
 * Uploaded images live in the database, not on one instance's disk, so every app instance sharing
 * it can serve them. Keys are content-addressed: a row is never changed once written.
 */
function uploads(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await sql`create table upload (
        ${t.id('id')},
        key text not null unique,
        content_type text not null,
        width integer not null,
        height integer not null,
        bytes ${dialect === 'postgres' ? sql`bytea` : sql`blob`} not null,
        created_at ${t.timestamp} not null default ${t.now},
        created_by integer
      )`.execute(db)
    },
  }
}

/**
 * The lead pipeline (issue 12): consent evidence, E.164 phones, duplicates and attribution on the
 * lead; buyer webhooks with a transactional outbox of deliveries and every attempt recorded.
 */
function leadPipeline(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const text = [
        'phone_e164',
        'phone_type',
        'email_normalized',
        'consent_version',
        'consent_sha256',
        'privacy_version',
        'partner_name',
        'ip_address',
        'constants_version',
        'utm_source',
        'utm_medium',
        'utm_campaign',
        'utm_term',
        'utm_content',
        'gclid',
        'gbraid',
        'wbraid',
        'fbclid',
        'msclkid',
        'referrer',
        'landing_page',
      ]
      for (const column of text) await sql`alter table lead add column ${sql.ref(column)} text`.execute(db)
      await sql`alter table lead add column duplicate_count integer not null default 0`.execute(db)
      await sql`alter table lead add column last_seen_at ${t.timestamp}`.execute(db)
      // Leads taken before this release: their phones and emails read the same way as new ones.
      await sql`update lead set email_normalized = lower(trim(email))`.execute(db)
      for (let after = 0; ; ) {
        const { rows } = await sql<{ id: number; phone: string }>`
          select id, phone from lead where id > ${after} order by id limit 1000`.execute(db)
        if (rows.length === 0) break
        for (const row of rows) {
          const phone = normaliseUkPhone(row.phone)
          if (phone) {
            await sql`update lead set phone_e164 = ${phone.e164}, phone_type = ${phone.type} where id = ${row.id}`.execute(
              db,
            )
          }
        }
        after = rows.at(-1)?.id ?? after
      }
      const statements = [
        sql`create index lead_phone_e164_idx on lead (phone_e164, created_at)`,
        sql`create index lead_email_normalized_idx on lead (email_normalized, created_at)`,
        sql`create index lead_utm_source_idx on lead (utm_source)`,
        sql`create index lead_utm_campaign_idx on lead (utm_campaign)`,
        sql`create table webhook (
          ${t.id('id')},
          name text not null,
          url text not null,
          secret text not null,
          is_active boolean not null default true,
          created_at ${t.timestamp} not null default ${t.now},
          updated_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create table webhook_delivery (
          ${t.id('id')},
          lead_id integer not null references lead (id) on delete cascade,
          webhook_id integer not null references webhook (id) on delete cascade,
          idempotency_key text not null unique,
          status text not null default 'pending',
          attempts integer not null default 0,
          next_attempt_at ${t.timestamp} not null default ${t.now},
          locked_until ${t.timestamp},
          last_status integer,
          last_error text,
          delivered_at ${t.timestamp},
          created_at ${t.timestamp} not null default ${t.now},
          updated_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create index webhook_delivery_due_idx on webhook_delivery (status, next_attempt_at)`,
        sql`create index webhook_delivery_lead_idx on webhook_delivery (lead_id)`,
        sql`create table webhook_attempt (
          ${t.id('id')},
          delivery_id integer not null references webhook_delivery (id) on delete cascade,
          attempted_at ${t.timestamp} not null default ${t.now},
          status_code integer,
          error text,
          duration_ms integer not null,
          response_excerpt text
        )`,
        sql`create index webhook_attempt_delivery_idx on webhook_attempt (delivery_id, id)`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}

/**
 * PostgreSQL searches a narrow copy of the searched text (docs/decisions/0011-lead-search.md): a
 * broad term's count rechecks every candidate row, and rows of two short strings recheck about
 * twice as fast as whole leads. Kept by statement triggers; erased with its lead (cascade).
 * SQLite's FTS table already is that copy.
 */
function leadSearchTable(dialect: Dialect): Migration {
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

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      return {
        '0001_initial': initial(dialect),
        '0002_access_and_audit': accessAndAudit(dialect),
        '0003_consent_and_revisions': consentAndRevisions(dialect),
        '0004_hardening': hardening(dialect),
        '0005_lead_search': leadSearch(dialect),
        '0006_lead_tally': leadTally(dialect),
        '0007_page_revisions': pageRevisions(dialect),
        '0008_uploads': uploads(dialect),
        '0009_lead_pipeline': leadPipeline(dialect),
        '0010_lead_search_table': leadSearchTable(dialect),
      }
    },
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(dialect) })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error })
  }
}
