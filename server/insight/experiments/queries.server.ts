import { type Kysely, sql } from 'kysely'
import type { QuestionnaireDefinition } from '../../../core/questionnaire/definition.ts'
import type {
  ExperimentGoal,
  ExperimentRecord,
  ExperimentStatus,
  ExperimentVariant,
} from '../../../core/schemas/experiments.ts'
import type { DB, Experiment } from '../../platform/index.ts'
import { json } from '../../platform/index.ts'

/** The only code that reads or writes `experiment` and `experiment_exposure`. */

export type ExperimentValues = {
  name: string
  path: string
  goal: ExperimentGoal
  variants: ExperimentVariant[]
  stopsAt?: Date | null
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())

export function experimentView(row: Experiment): ExperimentRecord {
  return {
    id: row.id,
    name: row.name,
    path: row.path,
    goal: row.goal,
    status: row.status,
    variants: row.variants,
    startsAt: iso(row.startsAt),
    stopsAt: iso(row.stopsAt),
    winner: row.winner,
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
  }
}

export function listExperiments(db: Kysely<DB>) {
  return db.selectFrom('experiment').selectAll().orderBy('id', 'desc').execute()
}

export function findExperiment(db: Kysely<DB>, id: number) {
  return db.selectFrom('experiment').selectAll().where('id', '=', id).executeTakeFirst()
}

export function insertExperiment(db: Kysely<DB>, values: ExperimentValues) {
  return db
    .insertInto('experiment')
    .values({ ...values, variants: json(values.variants) })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export function updateExperiment(db: Kysely<DB>, id: number, values: Partial<ExperimentValues>) {
  const { variants, ...rest } = values
  return db
    .updateTable('experiment')
    .set({ ...rest, ...(variants ? { variants: json(variants) } : {}), updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

export async function deleteExperiment(db: Kysely<DB>, id: number) {
  await db.deleteFrom('experiment').where('id', '=', id).execute()
}

/**
 * Moves an experiment from one of `from` to `to`: undefined when it was not in one of them (a
 * concurrent change won). Starting a second experiment on a path hits the one-running index.
 */
export function setExperimentStatus(
  db: Kysely<DB>,
  id: number,
  from: ExperimentStatus[],
  to: ExperimentStatus,
  extra: { startsAt?: Date; stopsAt?: Date; winner?: string | null } = {},
) {
  return db
    .updateTable('experiment')
    .set({ status: to, ...extra, updatedAt: new Date() })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst()
}

/** A running experiment as the public pages need it, with its variants' questionnaires resolved. */
export type RunningVariant = ExperimentVariant & {
  key: string
  questionnaire: { id: number; version: number; definition: QuestionnaireDefinition } | null
}
export type RunningExperiment = {
  id: number
  path: string
  goal: ExperimentGoal
  /** Epoch ms after which the experiment no longer shows (its stop time), or Infinity. */
  until: number
  variants: RunningVariant[]
}

/** The running experiments by path, for the site snapshot. */
export async function loadRunningExperiments(db: Kysely<DB>): Promise<Map<string, RunningExperiment>> {
  const rows = await db.selectFrom('experiment').selectAll().where('status', '=', 'running').execute()
  const ids = [
    ...new Set(
      rows.flatMap((r) => r.variants.flatMap((v) => (v.questionnaireId ? [v.questionnaireId] : []))),
    ),
  ]
  const versions =
    ids.length === 0
      ? []
      : await db
          .selectFrom('questionnaireVersion')
          .select(['id', 'version', 'definition'])
          .where('id', 'in', ids)
          .where('status', '!=', 'draft')
          .execute()
  const byId = new Map(versions.map((v) => [v.id, v]))
  return new Map(
    rows.map((row) => [
      row.path,
      {
        id: row.id,
        path: row.path,
        goal: row.goal,
        until: row.stopsAt ? new Date(row.stopsAt).getTime() : Number.POSITIVE_INFINITY,
        variants: row.variants.map((v) => ({
          ...v,
          key: `${row.id}:${v.name}`,
          questionnaire: (v.questionnaireId && byId.get(v.questionnaireId)) || null,
        })),
      },
    ]),
  )
}

/** Published questionnaire versions (live or retired) among these ids. */
export async function publishedQuestionnaireIds(db: Kysely<DB>, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .selectFrom('questionnaireVersion')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '!=', 'draft')
    .execute()
  return new Set(rows.map((r) => r.id))
}

export type Exposure = { experimentId: number; day: string; visitor: string; variant: string }

/** Writes exposures; a visitor already counted that day for the experiment is left as it was. */
export async function insertExposures(db: Kysely<DB>, rows: Exposure[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('experimentExposure')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['experimentId', 'day', 'visitor']).doNothing())
      .execute()
  }
}

export type VariantTally = { variant: string; visitors: number; conversions: number; revenuePence: number }

/**
 * Per variant: distinct visitor-days exposed, and conversions by the goal among the people whose
 * lead (or later submission) names the variant: any post for 'lead', an eligible outcome for
 * 'eligible', a sold lead for 'revenue', with the net ledger amount of its sold leads.
 */
export async function tallyExperiment(db: Kysely<DB>, experiment: Pick<Experiment, 'id' | 'goal'>) {
  const prefix = `${experiment.id}:`
  const exposures = await db
    .selectFrom('experimentExposure')
    .select(['variant', (eb) => eb.fn.countAll<number | string>().as('visitors')])
    .where('experimentId', '=', experiment.id)
    .groupBy('variant')
    .execute()
  // A person counts once per variant, whether they posted once or again (a later submission).
  const eligibleOnly = experiment.goal === 'eligible' ? sql`and outcome = 'eligible'` : sql``
  const converted = async () =>
    (
      await sql<{ variant: string; n: number | string }>`
        select variant, count(distinct person) as n from (
          select variant, id as person from lead where variant like ${`${prefix}%`} ${eligibleOnly}
          union all
          select variant, lead_id as person from lead_submission where variant like ${`${prefix}%`} ${eligibleOnly}
        ) as posts group by variant`.execute(db)
    ).rows
  const [people, sold] = await Promise.all([
    experiment.goal === 'revenue' ? Promise.resolve([]) : converted(),
    db
      .selectFrom('lead')
      .innerJoin('ledgerEntry', 'ledgerEntry.leadId', 'lead.id')
      .select([
        'lead.variant',
        sql<
          number | string
        >`count(distinct case when ${sql.ref('ledgerEntry.kind')} = 'sale' then ${sql.ref('lead.id')} end)`.as(
          'n',
        ),
        (eb) => eb.fn.sum<number | string>('ledgerEntry.amountPence').as('pence'),
      ])
      .where('lead.variant', 'like', `${prefix}%`)
      .groupBy('lead.variant')
      .execute(),
  ])
  const tally = new Map<string, VariantTally>()
  const at = (key: string | null) => {
    const name = (key ?? '').slice(prefix.length)
    let t = tally.get(name)
    if (!t) {
      t = { variant: name, visitors: 0, conversions: 0, revenuePence: 0 }
      tally.set(name, t)
    }
    return t
  }
  for (const e of exposures) at(`${prefix}${e.variant}`).visitors = Number(e.visitors)
  for (const row of people) at(row.variant).conversions += Number(row.n)
  for (const row of sold) {
    const t = at(row.variant)
    t.revenuePence = Number(row.pence ?? 0)
    if (experiment.goal === 'revenue') t.conversions = Number(row.n)
  }
  return tally
}
