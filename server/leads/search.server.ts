import { type Kysely, type Selectable, sql } from 'kysely'
import { previousMonthStart, SITE_TIME_ZONE } from '../../core/lead-stats.ts'
import { dayRangeInstants } from '../../core/revenue.ts'
import type { SaleFilter } from '../../core/schemas/lead-queries.ts'
import type { DB, Dialect } from '../platform/index.ts'
import { leadSales, neverOffered, noSales } from '../sales/index.ts'

/**
 * Reading leads at scale (docs/decisions/0011-lead-search.md): search, pages, totals, stats, the
 * daily chart and keyset batches for streaming. Newest first means highest id first: ids are given
 * in arrival order, and the search indexes hand back ids in that order without sorting.
 */

export const leadListColumns = [
  'id',
  'firstName',
  'lastName',
  'email',
  'phone',
  'carDetails',
  'hasConsent',
  'createdAt',
  'saleStatus',
  'utmSource',
  'utmCampaign',
] as const

type Db = Kysely<DB>
/**
 * The leads panel's filters: campaign (exact match on the stored attribution), the questionnaire
 * version, and answers (each `question` answered with `value`).
 */
export type LeadFilter = {
  source?: string
  campaign?: string
  questionnaireVersion?: number
  answer?: { question: string; value: string }[]
  sale?: SaleFilter
}
const hasFilter = (f: LeadFilter | undefined): f is LeadFilter =>
  !!(f?.source || f?.campaign || f?.questionnaireVersion !== undefined || f?.answer?.length || f?.sale)

/** The stored answer to a question (ids are checked to be plain names by the query schema). */
function answerOf(dialect: Dialect, question: string) {
  return dialect === 'postgres'
    ? sql<string>`${sql.ref('answers')} ->> ${question}`
    : sql<string>`json_extract(${sql.ref('answers')}, ${`$."${question}"`})`
}
function filterWhere(dialect: Dialect, f: LeadFilter) {
  const parts = []
  if (f.source) parts.push(sql<boolean>`${sql.ref('utmSource')} = ${f.source}`)
  if (f.campaign) parts.push(sql<boolean>`${sql.ref('utmCampaign')} = ${f.campaign}`)
  if (f.questionnaireVersion !== undefined)
    parts.push(sql<boolean>`${sql.ref('questionnaireVersionId')} = ${f.questionnaireVersion}`)
  if (f.sale === 'none') parts.push(sql<boolean>`${sql.ref('saleStatus')} is null`)
  else if (f.sale === 'not_offered')
    parts.push(
      sql<boolean>`(${sql.ref('saleStatus')} is null or ${sql.ref('saleStatus')} = 'unsold') and ${neverOffered(sql.ref('lead.id'))}`,
    )
  else if (f.sale) parts.push(sql<boolean>`${sql.ref('saleStatus')} = ${f.sale}`)
  for (const { question, value } of f.answer ?? [])
    parts.push(sql<boolean>`${answerOf(dialect, question)} = ${value}`)
  return sql<boolean>`(${sql.join(parts, sql` and `)})`
}
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
/** FTS5 phrase: the trigram tokenizer matches it as a substring, in any case. */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`
/** Trigram indexes need three characters; shorter searches scan (they are rare and broad). */
const indexable = (q: string) => [...q].length >= 3

function likeFilter(q: string) {
  const pattern = `%${escapeLike(q.toLowerCase())}%`
  return sql<boolean>`(lower(${sql.ref('firstName')} || ' ' || ${sql.ref('lastName')}) like ${pattern} escape '\\'
    or lower(coalesce(${sql.ref('carDetails')}, '')) like ${pattern} escape '\\')`
}

/** The PostgreSQL search table's test (migration 0010): the same text as `likeFilter`, kept apart. */
function searchTableFilter(q: string) {
  const pattern = `%${escapeLike(q.toLowerCase())}%`
  return sql<boolean>`(name like ${pattern} escape '\\' or car like ${pattern} escape '\\')`
}

/** Ids of the leads matching `q`, newest first: a subquery for the page and for the count. */
function matchingIds(dialect: Dialect, q: string) {
  if (dialect === 'sqlite' && indexable(q)) {
    return sql<{ id: number }>`select rowid as id from lead_search where lead_search match ${ftsPhrase(q)}`
  }
  if (dialect === 'postgres')
    return sql<{ id: number }>`select id from lead_search where ${searchTableFilter(q)}`
  return sql<{ id: number }>`select id from lead where ${likeFilter(q)}`
}

/**
 * One page of the ids matching `q`, newest first, read from the search index alone (older than
 * `beforeId` when given); null where no index serves the search (SQLite, under three characters).
 */
function indexedIdsPage(
  dialect: Dialect,
  q: string,
  { size, offset, beforeId }: { size: number; offset: number; beforeId?: number },
) {
  const older = (id: string) => (beforeId === undefined ? sql`` : sql`and ${sql.raw(id)} < ${beforeId}`)
  if (dialect === 'sqlite' && indexable(q)) {
    return sql`select rowid from lead_search where lead_search match ${ftsPhrase(q)} ${older('rowid')}
      order by rowid desc limit ${size} offset ${offset}`
  }
  if (dialect === 'postgres') {
    return sql`select id from lead_search where ${searchTableFilter(q)} ${older('id')}
      order by id desc limit ${size} offset ${offset}`
  }
  return null
}

export type LeadPageRequest = { q?: string; size: number; offset: number } & LeadFilter

/** One page of the list, each lead with its number of later submissions and its sales. */
export async function searchLeads(db: Db, dialect: Dialect, request: LeadPageRequest) {
  return listItems(db, await searchLeadRows(db, dialect, request))
}

/** The rows as the list answers them: with later submissions and what buyers paid. */
export async function listItems<T extends { id: number }>(db: Db, rows: T[]) {
  const [counted, sales] = await Promise.all([
    withSubmissionCounts(db, rows),
    leadSales(
      db,
      rows.map((r) => r.id),
    ),
  ])
  return counted.map((row) => ({ ...row, ...(sales.get(row.id) ?? noSales) }))
}

async function searchLeadRows(db: Db, dialect: Dialect, { q, size, offset, ...filter }: LeadPageRequest) {
  let query = db.selectFrom('lead').select(leadListColumns)
  if (hasFilter(filter)) {
    query = query.where(filterWhere(dialect, filter))
    if (q) query = query.where(sql<boolean>`${sql.ref('id')} in (${matchingIds(dialect, q)})`)
    return query.orderBy('id', 'desc').limit(size).offset(offset).execute()
  }
  if (!q) return query.orderBy('id', 'desc').limit(size).offset(offset).execute()
  // The search index yields ids in order: take one page of them, then read those leads.
  const page = indexedIdsPage(dialect, q, { size, offset })
  if (page)
    return query
      .where(sql<boolean>`${sql.ref('id')} in (${page})`)
      .orderBy('id', 'desc')
      .execute()
  return query.where(likeFilter(q)).orderBy('id', 'desc').limit(size).offset(offset).execute()
}

/** The rows with `duplicateCount`: how many later submissions each lead has. */
export async function withSubmissionCounts<T extends { id: number }>(db: Db, rows: T[]) {
  const counts = new Map<number, number>()
  if (rows.length > 0) {
    const found = await db
      .selectFrom('leadSubmission')
      .select(['leadId', (eb) => eb.fn.countAll<number>().as('n')])
      .where(
        'leadId',
        'in',
        rows.map((r) => r.id),
      )
      .groupBy('leadId')
      .execute()
    for (const r of found) counts.set(r.leadId, Number(r.n))
  }
  return rows.map((row) => ({ ...row, duplicateCount: counts.get(row.id) ?? 0 }))
}

/** How many leads there are: the tally on PostgreSQL (a count there reads every row). */
async function totalLeads(db: Db, dialect: Dialect): Promise<number> {
  if (dialect === 'postgres') {
    const row = await sql<{ total: number }>`select coalesce(sum(total), 0) as total from lead_tally`.execute(
      db,
    )
    return Number(row.rows[0]?.total ?? 0)
  }
  const all = await db
    .selectFrom('lead')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(all.n)
}

export async function countLeads(
  db: Db,
  dialect: Dialect,
  q: string | undefined,
  filter?: LeadFilter,
): Promise<number> {
  if (hasFilter(filter)) {
    const row = await sql<{ n: number }>`select count(*) as n from lead where ${filterWhere(dialect, filter)}
      ${q ? sql`and id in (${matchingIds(dialect, q)})` : sql``}`.execute(db)
    return Number(row.rows[0]?.n ?? 0)
  }
  if (!q) return totalLeads(db, dialect)
  const row = await sql<{
    n: number
  }>`select count(*) as n from (${matchingIds(dialect, q)}) matches`.execute(db)
  return Number(row.rows[0]?.n ?? 0)
}

/** The columns the CSV export needs: nothing more is read (a million rows make a lot of garbage). */
export const leadCsvColumns = [
  'id',
  'firstName',
  'lastName',
  'carDetails',
  'hasConsent',
  'createdAt',
] as const

/** Added to the export on request: where each lead came from. */
export const leadCsvAttributionColumns = [
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmTerm',
  'utmContent',
  'gclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
  'ttclid',
  'referrer',
  'landingPage',
] as const

/** A batch of at most `size` leads older than `beforeId` (keyset paging, for streaming). */
export function leadBatch(
  db: Db,
  dialect: Dialect,
  q: string | undefined,
  beforeId: number,
  size: number,
  columns: readonly ListColumn[] = leadListColumns,
  filter?: LeadFilter,
) {
  let query = db
    .selectFrom('lead')
    .select(columns)
    .where('id', '<', beforeId)
    .orderBy('id', 'desc')
    .limit(size)
  if (hasFilter(filter)) {
    query = query.where(filterWhere(dialect, filter))
    if (q) query = query.where(sql<boolean>`${sql.ref('id')} in (${matchingIds(dialect, q)})`)
  } else if (q) {
    const page = indexedIdsPage(dialect, q, { size, offset: 0, beforeId })
    query = query.where(page ? sql<boolean>`${sql.ref('id')} in (${page})` : likeFilter(q))
  }
  return query.execute()
}

type ListColumn =
  | (typeof leadListColumns)[number]
  | (typeof leadCsvAttributionColumns)[number]
  | 'answers'
  | 'questionnaireVersionId'
export type LeadRow = Pick<Selectable<DB['lead']>, ListColumn>

/** Every lead matching `q`, newest first, in batches: memory stays flat whatever the total. */
export async function* allLeads<C extends ListColumn>(
  db: Db,
  dialect: Dialect,
  q: string | undefined,
  columns: readonly C[] = leadListColumns as unknown as readonly C[],
  batchSize = 1000,
  filter?: LeadFilter,
) {
  // Ids are 32-bit on PostgreSQL (serial): start just above the largest one.
  let beforeId = 2_147_483_647
  for (;;) {
    const rows = (await leadBatch(db, dialect, q, beforeId, batchSize, columns, filter)) as unknown as Pick<
      LeadRow,
      C | 'id'
    >[]
    if (rows.length === 0) return
    yield rows
    beforeId = (rows.at(-1) as { id: number }).id
    if (rows.length < batchSize) return
  }
}

/**
 * The panel's figures: SPEC section 9's total and This Month, and the leads captured in a period of
 * UK days for its average per day (docs/decisions/0066-figures-that-add-up.md).
 */
export async function leadCounts(
  db: Db,
  dialect: Dialect,
  period: { from: string; to: string },
  now = new Date(),
): Promise<{ total: number; thisMonth: number; leads: number }> {
  const since = previousMonthStart(now)
  const { start, end } = dayRangeInstants(period.from, period.to)
  const countSince = (from: Date, to?: Date) => {
    let query = db
      .selectFrom('lead')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('createdAt', '>=', from)
    if (to) query = query.where('createdAt', '<', to)
    return query.executeTakeFirstOrThrow()
  }
  const [total, thisMonth, leads] = await Promise.all([
    totalLeads(db, dialect),
    countSince(since),
    countSince(start, end),
  ])
  return { total, thisMonth: Number(thisMonth.n), leads: Number(leads.n) }
}

const ukDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/**
 * Leads per UK day for the last `days` days, oldest first, days without leads included. Counted per
 * UTC hour in SQL (both engines agree on that), then folded into UK days here.
 */
export async function leadsPerDay(db: Db, dialect: Dialect, days = 30, now = new Date()) {
  const labels: string[] = []
  for (let i = days - 1; i >= 0; i--) labels.push(ukDay.format(new Date(now.getTime() - i * 86_400_000)))
  const since = new Date(now.getTime() - (days + 1) * 86_400_000)
  const hour =
    dialect === 'sqlite'
      ? sql<string>`substr(${sql.ref('createdAt')}, 1, 13)`
      : sql<string>`to_char(${sql.ref('createdAt')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`
  const rows = await db
    .selectFrom('lead')
    .select([hour.as('hour'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('createdAt', '>=', since)
    .groupBy('hour')
    .execute()
  const counts = new Map(labels.map((d) => [d, 0]))
  for (const row of rows) {
    const day = ukDay.format(new Date(`${row.hour}:00:00Z`))
    if (counts.has(day)) counts.set(day, (counts.get(day) ?? 0) + Number(row.n))
  }
  return labels.map((date) => ({ date, count: counts.get(date) ?? 0 }))
}
