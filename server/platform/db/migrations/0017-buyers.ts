import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Buyers, their contracts, the routing log, sales (which caps count), the ledger, returns and
 * buyers' API keys and sign-in (docs/decisions/0030-buyers-and-routing.md). A contract posts to an
 * endpoint row of `webhook` (kind 'contract'), so the outbox and its worker stay one. Existing
 * webhooks become a buyer each with one catch-all contract on the same endpoint row: their
 * delivery history stays, and every lead still reaches them until the operator changes the terms.
 */
export function buyers(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`alter table webhook add column kind text not null default 'webhook'`,
        sql`create table buyer (
          ${t.id('id')},
          name text not null,
          trading_name text,
          fca_number text not null default '',
          email text not null default '',
          named_in_consent boolean not null default false,
          consent_order integer not null default 0,
          is_active boolean not null default true,
          created_at ${t.timestamp} not null default ${t.now},
          updated_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create table contract (
          ${t.id('id')},
          buyer_id integer not null references buyer (id) on delete cascade,
          webhook_id integer not null unique references webhook (id),
          name text not null,
          price_pence integer not null default 0,
          exclusive boolean not null default true,
          max_buyers integer not null default 1,
          filters ${t.json} not null,
          schedule ${t.json},
          caps ${t.json} not null,
          priority integer not null default 100,
          weight integer not null default 1,
          accept_path text,
          accept_values ${t.json},
          reason_path text,
          return_window_days integer not null default 14,
          auto_approve_returns boolean not null default false,
          is_active boolean not null default true,
          created_at ${t.timestamp} not null default ${t.now},
          updated_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create index contract_buyer_idx on contract (buyer_id)`,
        sql`alter table webhook_delivery add column contract_id integer references contract (id) on delete cascade`,
        sql`alter table webhook_delivery add column outcome text`,
        sql`alter table webhook_delivery add column outcome_reason text`,
        sql`alter table lead add column consent_buyers ${t.json}`,
        sql`alter table lead add column sale_status text`,
        sql`alter table lead_submission add column consent_buyers ${t.json}`,
        sql`create index lead_sale_status_idx on lead (sale_status, id)`,
        sql`create table lead_route (
          ${t.id('id')},
          lead_id integer not null references lead (id) on delete cascade,
          round integer not null,
          position integer,
          contract_id integer references contract (id) on delete set null,
          contract_name text not null,
          buyer_name text not null,
          decision text not null,
          reason text,
          created_at ${t.timestamp} not null default ${t.now},
          updated_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create index lead_route_lead_idx on lead_route (lead_id, round, id)`,
        sql`create table lead_routing (
          ${t.id('id')},
          lead_id integer not null references lead (id) on delete cascade,
          round integer not null,
          considered integer not null,
          skipped ${t.json} not null,
          queue ${t.json} not null,
          created_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create unique index lead_routing_lead_round_idx on lead_routing (lead_id, round)`,
        sql`create table sale (
          ${t.id('id')},
          lead_id integer references lead (id) on delete set null,
          contract_id integer not null references contract (id),
          buyer_id integer not null references buyer (id),
          delivery_id integer references webhook_delivery (id) on delete set null,
          status text not null,
          exclusive_lead_id integer unique,
          price_pence integer not null,
          utm_source text,
          utm_campaign text,
          created_at ${t.timestamp} not null default ${t.now},
          accepted_at ${t.timestamp}
        )`,
        sql`create unique index sale_lead_contract_idx on sale (lead_id, contract_id)`,
        sql`create index sale_contract_idx on sale (contract_id, created_at)`,
        sql`create index sale_buyer_idx on sale (buyer_id, accepted_at)`,
        sql`create table lead_return (
          ${t.id('id')},
          sale_id integer not null unique references sale (id),
          buyer_id integer not null references buyer (id),
          reason text not null,
          note text,
          status text not null default 'pending',
          decided_by integer references admin_user (id) on delete set null,
          decision_note text,
          decided_at ${t.timestamp},
          created_at ${t.timestamp} not null default ${t.now},
          updated_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create index lead_return_status_idx on lead_return (status, id)`,
        sql`create index lead_return_buyer_idx on lead_return (buyer_id, id)`,
        sql`create table ledger_entry (
          ${t.id('id')},
          kind text not null,
          buyer_id integer not null references buyer (id),
          contract_id integer not null references contract (id),
          sale_id integer not null references sale (id),
          lead_id integer references lead (id) on delete set null,
          amount_pence integer not null,
          utm_source text,
          utm_campaign text,
          created_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create unique index ledger_entry_sale_kind_idx on ledger_entry (sale_id, kind)`,
        sql`create index ledger_entry_created_idx on ledger_entry (created_at)`,
        sql`create index ledger_entry_buyer_idx on ledger_entry (buyer_id, created_at)`,
        sql`create table buyer_api_key (
          ${t.id('id')},
          buyer_id integer not null references buyer (id) on delete cascade,
          name text not null,
          prefix text not null,
          key_hash text not null unique,
          last_used_at ${t.timestamp},
          revoked_at ${t.timestamp},
          created_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create index buyer_api_key_buyer_idx on buyer_api_key (buyer_id)`,
        sql`alter table admin_user add column buyer_id integer references buyer (id) on delete cascade`,
      ]
      for (const statement of statements) await statement.execute(db)

      // Each existing webhook becomes a buyer with one catch-all contract on the same endpoint.
      const partner = await sql<{ value: string | null }>`
        select value from site_setting where key = 'partner_name'`.execute(db)
      const tradingName = partner.rows[0]?.value?.trim() || null
      const { rows: hooks } = await sql<{ id: number; name: string; is_active: unknown }>`
        select id, name, is_active from webhook order by id`.execute(db)
      for (const hook of hooks) {
        const buyer = await sql<{ id: number }>`
          insert into buyer (name, trading_name, named_in_consent, consent_order, is_active)
          values (${hook.name}, ${tradingName}, ${sql.lit(true)}, ${hook.id}, ${sql.lit(Boolean(hook.is_active))})
          returning id`.execute(db)
        const buyerId = buyer.rows[0]?.id
        await sql`
          insert into contract (buyer_id, webhook_id, name, price_pence, exclusive, max_buyers, filters, caps)
          values (${buyerId}, ${hook.id}, 'All leads', 0, ${sql.lit(false)}, 99, '{}', '{}')`.execute(db)
        await sql`update webhook set kind = 'contract' where id = ${hook.id}`.execute(db)
      }
      await sql`
        update webhook_delivery
        set contract_id = (select c.id from contract c where c.webhook_id = webhook_delivery.webhook_id)
        where id in (
          select min(d.id) from webhook_delivery d join webhook w on w.id = d.webhook_id
          where w.kind = 'contract' and d.submission_id is null group by d.lead_id, d.webhook_id
        )`.execute(db)
      await sql`create unique index webhook_delivery_lead_contract_idx on webhook_delivery (lead_id, contract_id)
        where contract_id is not null`.execute(db)
    },
  }
}
