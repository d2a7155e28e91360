import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely'
import type { DB } from '../platform/index.ts'

/** A stored loan amount (the band's lower bound) back to the SPEC band it came from. */
const loanBand = (column: RawBuilder<unknown>) => sql`case ${column}
  when 5000 then '5000-15000' when 15000 then '15000-25000' when 25000 then '25000-35000'
  when 35000 then '35000+' else cast(${column} as text) end`

/** The SPEC answers of a row with the SPEC columns, as the JSON object `answers` holds. */
function specAnswersJson(pg: boolean, alias: string) {
  const col = (name: string) => sql.raw(`${alias}.${name}`)
  const pairs = sql`'hadPcpFinance', case when ${col('had_pcp_finance')} then 'yes' else 'no' end,
    'purchaseDateRange', ${col('purchase_date_range')},
    'loanAmount', ${loanBand(col('loan_amount'))},
    'dealerDisclosedCommission', coalesce(${col('commission_disclosure')},
      case when ${col('dealer_disclosed_commission')} then 'yes' else 'no' end)`
  return pg ? sql`jsonb_build_object(${pairs})` : sql`json_object(${pairs})`
}

/**
 * Leads and submissions taken before questionnaire versions (migration 0016) get the seeded SPEC
 * version (version 1) and their answers from the SPEC columns, so every read path (detail,
 * webhook, filters, CSV) reads one set of columns. Run by the seed, after the versions exist;
 * idempotent: it touches only rows with SPEC answers and no version, which new posts never leave.
 */
export async function backfillLeadAnswers(db: Kysely<DB>): Promise<void> {
  const spec = await db
    .selectFrom('questionnaireVersion')
    .select('id')
    .where('version', '=', 1)
    .executeTakeFirst()
  if (!spec) return
  const pg = db.getExecutor().adapter instanceof PostgresAdapter
  const fromResponse = (expression: RawBuilder<unknown>) =>
    sql`(select ${expression} from eligibility_response e where e.lead_id = lead.id)`
  await sql`update lead set
      questionnaire_version_id = ${spec.id},
      answers = ${fromResponse(specAnswersJson(pg, 'e'))},
      outcome = ${fromResponse(sql`case when e.is_eligible then 'eligible' else 'not_eligible' end`)},
      estimated_claim = ${fromResponse(sql`e.estimated_claim`)}
    where questionnaire_version_id is null
      and exists (select 1 from eligibility_response e where e.lead_id = lead.id)`.execute(db)
  await sql`update lead_submission set
      questionnaire_version_id = ${spec.id},
      answers = ${specAnswersJson(pg, 'lead_submission')},
      outcome = case when is_eligible then 'eligible' else 'not_eligible' end
    where questionnaire_version_id is null and had_pcp_finance is not null`.execute(db)
}
