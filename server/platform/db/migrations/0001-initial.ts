import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

export function initial(dialect: Dialect): Migration {
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
