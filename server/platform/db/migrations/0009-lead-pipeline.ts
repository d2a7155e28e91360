import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import { normaliseUkPhone } from '../../../../core/phone.ts'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * The lead pipeline (issue 12): consent evidence, E.164 phones, duplicates and attribution on the
 * lead; buyer webhooks with a transactional outbox of deliveries and every attempt recorded.
 */
export function leadPipeline(dialect: Dialect): Migration {
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
