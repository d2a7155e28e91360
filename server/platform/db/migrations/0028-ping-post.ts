import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Ping, then post (docs/decisions/0050-ping-post.md). A contract may have a `ping_url`: the lead is
 * first offered there without personal data, as a `webhook_delivery` row of kind 'ping', and only
 * posted (a row of kind 'post') once the buyer accepted. A lead is pinged and posted at most once
 * per contract, so the unique index now includes the kind. `lead_route.bid_pence` is what the buyer
 * bid (or the contract's price, for one without a ping URL in a pinged group).
 */
export function pingPost(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`alter table contract add column ping_url text`,
        sql`alter table webhook_delivery add column kind text not null default 'post'`,
        sql`alter table lead_route add column bid_pence integer`,
        sql`drop index webhook_delivery_lead_contract_idx`,
        sql`create unique index webhook_delivery_lead_contract_idx on webhook_delivery (lead_id, contract_id, kind)
          where contract_id is not null`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
