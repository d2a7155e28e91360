import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'

/**
 * What a buyer bought on, fixed on the sale when it is reserved
 * (docs/decisions/0049-sale-terms-fixed-at-sale.md): exclusive or shared and with how many, the
 * return window and whether returns are approved at once. Existing sales take their contract's
 * settings of today, except exclusivity, which `exclusive_lead_id` already recorded at sale time.
 * And the database's own guard: an exclusive sale is the only sale of its lead.
 */
export function saleTerms(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`alter table sale add column exclusive boolean not null default false`,
        sql`alter table sale add column max_buyers integer not null default 1`,
        sql`alter table sale add column return_window_days integer not null default 14`,
        sql`alter table sale add column auto_approve_returns boolean not null default false`,
        sql`update sale set
          exclusive = (exclusive_lead_id is not null),
          max_buyers = case when exclusive_lead_id is not null then 1
            else (select c.max_buyers from contract c where c.id = sale.contract_id) end,
          return_window_days = (select c.return_window_days from contract c where c.id = sale.contract_id),
          auto_approve_returns = (select c.auto_approve_returns from contract c where c.id = sale.contract_id)`,
      ]
      if (dialect === 'postgres') {
        statements.push(
          // Serialised per lead (its row locked, as settling the offer updates it anyway), so two
          // transactions cannot each miss the other's sale.
          sql.raw(`create function sale_exclusive_alone() returns trigger language plpgsql as $$
            begin
              if new.lead_id is null then return new; end if;
              perform 1 from lead where id = new.lead_id for no key update;
              if exists (
                select 1 from sale s
                where s.lead_id = new.lead_id and s.id <> new.id and (s.exclusive or new.exclusive)
              ) then
                raise exception 'sale_exclusive_alone: lead % has an exclusive sale, or is sold already', new.lead_id
                  using errcode = '23505';
              end if;
              return new;
            end $$`),
          sql`create trigger sale_exclusive_alone before insert or update of lead_id, exclusive on sale
            for each row execute function sale_exclusive_alone()`,
        )
      } else {
        const check = (event: string) =>
          sql.raw(`create trigger sale_exclusive_alone_${event} before ${event === 'insert' ? 'insert' : 'update of lead_id, exclusive'} on sale
            when new.lead_id is not null and exists (
              select 1 from sale s
              where s.lead_id = new.lead_id and s.id is not new.id and (s.exclusive or new.exclusive)
            )
            begin
              select raise(abort, 'sale_exclusive_alone: the lead has an exclusive sale, or is sold already');
            end`)
        statements.push(check('insert'), check('update'))
      }
      for (const statement of statements) await statement.execute(db)
    },
  }
}
