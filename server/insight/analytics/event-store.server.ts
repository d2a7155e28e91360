import { type Kysely, sql } from 'kysely'
import {
  canonicalPath,
  cappedDimensions,
  KEYS_PER_DAY,
  OTHER,
  servedPaths,
  VALUES_PER_DAY,
} from '../../../core/analytics.ts'
import type { DB } from '../../platform/index.ts'
import type { SiteSnapshot } from '../../site/index.ts'
import type { EventRow } from './ingest.server.ts'

const INSERT_CHUNK = 500
/** Joins a row's dimensions into one key. */
export const SEP = '\u001f'

/** The UK day `days` before `day` (both YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() - days)
  return date.toISOString().slice(0, 10)
}

/** What the site has: the paths it serves, the questionnaires' step ids, running variants' keys. */
export type SiteFacts = {
  paths: ReadonlySet<string>
  steps: ReadonlySet<string>
  variants: ReadonlySet<string>
  /** A served page's path as analytics keys it; OTHER for a path the site does not list. */
  path: (path: string) => string
}

export function siteFacts(snapshot: SiteSnapshot): SiteFacts {
  const paths = servedPaths(snapshot.pages.keys())
  const steps = new Set(snapshot.questionnaire?.definition.questions.map((q) => q.id) ?? [])
  const variants = new Set<string>()
  for (const experiment of snapshot.experiments.values()) {
    for (const variant of experiment.variants) {
      variants.add(variant.key)
      for (const q of variant.questionnaire?.definition.questions ?? []) steps.add(q.id)
    }
  }
  return {
    paths,
    steps,
    variants,
    path: (path) => {
      const canonical = canonicalPath(path)
      return paths.has(canonical) ? canonical : OTHER
    },
  }
}

/** The first-touch key of a row as the cap on keys per day counts it. */
const keyOf = (row: EventRow) =>
  [row.path, row.variant, row.utmSource, row.utmCampaign, row.utmMedium, row.referrer, row.device].join(SEP)
const KEY = 'key'

function valuesOf(known: Map<string, Set<string>>, dimension: string): Set<string> {
  let values = known.get(dimension)
  if (!values) {
    values = new Set()
    known.set(dimension, values)
  }
  return values
}

/**
 * The values each UK day admitted per dimension, in `analytics_value` (shared by instances) and
 * in memory. A value is admitted while its dimension has room that day; later ones become OTHER.
 * Instances admitting at the same moment may each fill the last room, so a day holds at most the
 * cap plus one flush's worth per other instance.
 */
export class DayValues {
  readonly #db: Kysely<DB>
  /** day → dimension → admitted values */
  readonly #days = new Map<string, Map<string, Set<string>>>()

  constructor(db: Kysely<DB>) {
    this.#db = db
  }

  forget(before: string) {
    for (const day of this.#days.keys()) if (day < before) this.#days.delete(day)
  }

  async #load(day: string, dimension?: string) {
    let query = this.#db.selectFrom('analyticsValue').select(['dimension', 'value']).where('day', '=', day)
    if (dimension) query = query.where('dimension', '=', dimension)
    const rows = await query.execute()
    const known = this.#days.get(day) ?? new Map<string, Set<string>>()
    for (const row of rows) valuesOf(known, row.dimension).add(row.value)
    this.#days.set(day, known)
    return known
  }

  /** The values of `wanted` that `day` admits for `dimension` (admitting new ones while there is room). */
  async #admit(day: string, dimension: string, cap: number, wanted: Set<string>): Promise<Set<string>> {
    const known = this.#days.get(day) ?? (await this.#load(day))
    const values = valuesOf(known, dimension)
    const unknown = [...wanted].filter((v) => !values.has(v))
    if (unknown.length === 0) return values
    const room = Math.max(0, cap - values.size)
    const admitted = unknown.slice(0, room)
    for (let i = 0; i < admitted.length; i += INSERT_CHUNK) {
      await this.#db
        .insertInto('analyticsValue')
        .values(admitted.slice(i, i + INSERT_CHUNK).map((value) => ({ day, dimension, value })))
        .onConflict((oc) => oc.doNothing())
        .execute()
    }
    for (const value of admitted) values.add(value)
    // Beyond the room: another instance may have admitted some of them meanwhile.
    if (unknown.length > admitted.length) await this.#load(day, dimension)
    return values
  }

  /** Caps the rows' free-text values, then their first-touch keys, for each row's day. */
  async apply(rows: EventRow[]): Promise<void> {
    const days = new Set(rows.map((r) => r.day))
    for (const day of days) {
      const ofDay = rows.filter((r) => r.day === day)
      for (const dimension of cappedDimensions) {
        const wanted = new Set<string>()
        for (const row of ofDay) {
          const value = row[dimension]
          if (value !== null && value !== OTHER) wanted.add(value)
        }
        if (wanted.size === 0) continue
        const admitted = await this.#admit(day, dimension, VALUES_PER_DAY, wanted)
        for (const row of ofDay) {
          const value = row[dimension]
          if (value !== null && !admitted.has(value)) row[dimension] = OTHER
        }
      }
      const keys = new Set(ofDay.map(keyOf))
      const admitted = await this.#admit(day, KEY, KEYS_PER_DAY, keys)
      for (const row of ofDay) {
        if (admitted.has(keyOf(row))) continue
        for (const dimension of cappedDimensions) row[dimension] = OTHER
      }
    }
  }
}

const dimColumns = sql.raw('path, variant, utm_source, utm_campaign, utm_medium, referrer, device')
const dimsOf = (alias: string) =>
  sql.raw(
    ['path', 'variant', 'utm_source', 'utm_campaign', 'utm_medium', 'referrer', 'device']
      .map((c) => `${alias}.${c}`)
      .join(', '),
  )
const dimsKey = sql.join(
  ['path', 'variant', 'utm_source', 'utm_campaign', 'utm_medium', 'referrer', 'device', 'stage', 'step'].map(
    (c) => sql`coalesce(${sql.raw(`x.${c}`)}, '')`,
  ),
  sql` || ${SEP} || `,
)

/**
 * One flush's raw events into the tables the reports read, then deleted. A visitor's first event
 * of the day fixes the key (landing page, attribution, device, variant) all their events that day
 * count under; a stage reached for the first time that day adds one visitor to its hour, so
 * visitors summed over any hours, days and keys are exact.
 */
export async function rollUp(db: Kysely<DB>, batch: string): Promise<void> {
  await sql`insert into analytics_visitor (day, visitor, hour, ${dimColumns})
    select day, visitor, hour, ${dimColumns} from (
      select e.*, row_number() over (partition by e.day, e.visitor order by e.id) as rn
      from analytics_event e where e.batch = ${batch}
    ) first where rn = 1
    on conflict (day, visitor) do nothing`.execute(db)

  await sql`insert into analytics_reach (day, visitor, stage, step, hour, batch)
    select day, visitor, stage, step, hour, ${batch} from (
      select day, visitor, stage, step, min(hour) as hour from analytics_event
      where batch = ${batch} group by day, visitor, stage, step
      union all
      select day, visitor, 'visit' as stage, '' as step, min(hour) as hour from analytics_event
      where batch = ${batch} group by day, visitor
    ) reached where true
    on conflict (day, visitor, stage, step) do nothing`.execute(db)

  // What this batch adds: 1 event per raw event, 1 visitor per new reach, under the visitor's key.
  const deltas = sql`(
      select e.hour, e.day, ${dimsOf('v')}, e.stage, e.step, e.weight as events, 0 as visitors
      from analytics_event e join analytics_visitor v on v.day = e.day and v.visitor = e.visitor
      where e.batch = ${batch}
      union all
      select r.hour, r.day, ${dimsOf('v')}, r.stage, r.step, 0 as events, 1 as visitors
      from analytics_reach r join analytics_visitor v on v.day = r.day and v.visitor = r.visitor
      where r.batch = ${batch}
    ) x`
  await sql`insert into analytics_hourly (hour, day, dims_key, ${dimColumns}, stage, step, events, visitors)
    select x.hour, x.day, ${dimsKey}, ${dimsOf('x')}, x.stage, x.step, sum(x.events), sum(x.visitors)
    from ${deltas} where true
    group by x.hour, x.day, ${dimsOf('x')}, x.stage, x.step
    on conflict (hour, dims_key) do update set
      events = analytics_hourly.events + excluded.events,
      visitors = analytics_hourly.visitors + excluded.visitors`.execute(db)
  await sql`insert into analytics_daily (day, dims_key, ${dimColumns}, stage, step, events, visitors)
    select x.day, ${dimsKey}, ${dimsOf('x')}, x.stage, x.step, sum(x.events), sum(x.visitors)
    from ${deltas} where true
    group by x.day, ${dimsOf('x')}, x.stage, x.step
    on conflict (day, dims_key) do update set
      events = analytics_daily.events + excluded.events,
      visitors = analytics_daily.visitors + excluded.visitors`.execute(db)

  // A lead keeps the attribution it was sent with (ADR 0066); landing page, variant and device are the visitor's.
  await sql`insert into analytics_lead (lead_id, day, hour, ${dimColumns})
    select e.lead_id, e.day, e.hour, v.path, v.variant, e.utm_source, e.utm_campaign, e.utm_medium, e.referrer, v.device
    from analytics_event e join analytics_visitor v on v.day = e.day and v.visitor = e.visitor
    where e.batch = ${batch} and e.lead_id is not null
    on conflict (lead_id) do nothing`.execute(db)

  await sql`delete from analytics_event where batch = ${batch}`.execute(db)
}

/** A batch's raw rows and their roll-up, in the caller's transaction (no yield inside: see writePending). */
export async function writeEvents(trx: Kysely<DB>, rows: EventRow[], batch: string): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await trx
      .insertInto('analyticsEvent')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute()
  }
  await rollUp(trx, batch)
}
