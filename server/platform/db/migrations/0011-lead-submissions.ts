import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/**
 * Duplicates as submissions (docs/decisions/0021-lead-submissions.md): every lead gets an opaque
 * reference (the only thing `POST /api/leads` answers), a later post by the same person is kept
 * as a `lead_submission` with its own details and consent evidence instead of touching the earlier
 * lead, and an outbox row may carry a submission. The duplicate tally on the lead goes: the number
 * of submissions is the count now.
 */
export function leadSubmissions(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  const pg = dialect === 'postgres'
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await sql`alter table lead add column reference text`.execute(db)
      // Leads taken before this release: 22 random base64url characters, like new ones. Never
      // shown to anyone (their posts were answered with the id), so the engine's randomness does.
      const reference = pg
        ? sql`rtrim(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '=')`
        : sql.raw(
            Array.from({ length: 22 }, () => `substr('${BASE64URL}', 1 + (random() & 63), 1)`).join(' || '),
          )
      await sql`update lead set reference = ${reference}`.execute(db)
      const statements = [
        sql`create unique index lead_reference_idx on lead (reference)`,
        sql`alter table lead drop column duplicate_count`,
        sql`alter table lead drop column last_seen_at`,
        sql`create table lead_submission (
          ${t.id('id')},
          reference text not null unique,
          lead_id integer not null references lead (id) on delete cascade,
          first_name text not null,
          last_name text not null,
          email text not null,
          email_normalized text not null,
          phone text not null,
          phone_e164 text,
          phone_type text,
          car_details text,
          has_consent boolean not null,
          consent_text text,
          consent_version text,
          consent_sha256 text,
          privacy_version text,
          partner_name text,
          source_url text,
          user_agent text,
          ip_address text,
          constants_version text,
          utm_source text,
          utm_medium text,
          utm_campaign text,
          utm_term text,
          utm_content text,
          gclid text,
          gbraid text,
          wbraid text,
          fbclid text,
          msclkid text,
          referrer text,
          landing_page text,
          had_pcp_finance boolean,
          purchase_date_range text,
          loan_amount integer,
          dealer_disclosed_commission boolean,
          commission_disclosure text,
          is_eligible boolean,
          estimated_claim integer,
          created_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create index lead_submission_lead_idx on lead_submission (lead_id, id)`,
        sql`create index lead_submission_email_idx on lead_submission (email_normalized)`,
        sql`create index lead_submission_phone_idx on lead_submission (phone_e164)`,
        sql`create index lead_submission_created_at_idx on lead_submission (created_at)`,
        sql`alter table webhook_delivery add column submission_id integer references lead_submission (id) on delete cascade`,
        // A submission goes to each webhook once; the lead's own rows may be sent again (Resend).
        sql`create unique index webhook_delivery_submission_idx on webhook_delivery (submission_id, webhook_id)
          where submission_id is not null`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
