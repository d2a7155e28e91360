import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Server-side conversions (docs/decisions/0082-server-side-conversions.md), written by insight:
 * the platforms' destinations (credentials encrypted) and one row per (lead, destination, event),
 * the outbox the sender claims from.
 */
export function conversions(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`create table conversion_destination (
          ${t.id('id')},
          platform text not null,
          name text not null,
          enabled boolean not null default true,
          test_mode boolean not null default false,
          settings ${t.json} not null,
          secret text,
          created_at ${t.timestamp} not null default ${t.now},
          updated_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create table conversion_event (
          ${t.id('id')},
          lead_id integer not null,
          destination_id integer not null references conversion_destination (id) on delete cascade,
          event text not null,
          event_id text not null,
          status text not null default 'pending',
          reason text,
          answer text,
          http_status integer,
          value_pence integer,
          click_id text,
          consented boolean not null default false,
          attempts integer not null default 0,
          event_time ${t.timestamp} not null,
          next_attempt_at ${t.timestamp} not null,
          lease_until ${t.timestamp},
          claim_token text,
          sent_at ${t.timestamp},
          created_at ${t.timestamp} not null default ${t.now},
          updated_at ${t.timestamp} not null default ${t.now},
          unique (lead_id, destination_id, event)
        )`,
        sql`create index conversion_event_due_idx on conversion_event (status, next_attempt_at)`,
        sql`create index conversion_event_lead_idx on conversion_event (lead_id)`,
        sql`create index conversion_event_destination_idx on conversion_event (destination_id, event)`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
