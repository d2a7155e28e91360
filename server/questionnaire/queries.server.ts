import type { Kysely } from 'kysely'
import { readCompliance } from '../../core/compliance.ts'
import type { QuestionnaireDefinition } from '../../core/questionnaire/definition.ts'
import { redressSchemeDefinition } from '../../core/questionnaire/redress-scheme-definition.ts'
import { specDefinition } from '../../core/questionnaire/spec-definition.ts'
import { json } from '../db/database.ts'
import type { DB, QuestionnaireVersion } from '../db/schema.ts'

/**
 * The questionnaire module owns `questionnaire_version`: drafts, the one live version and the
 * retired ones every older lead points at (docs/decisions/0026-questionnaire-definitions.md).
 */
type Db = Kysely<DB>

/** What a public page needs of the live version, and what a lead records of the one it was asked. */
export type LiveQuestionnaire = Pick<QuestionnaireVersion, 'id' | 'version' | 'name' | 'definition'>

/** How long a retired version still takes leads: a visitor mid-questionnaire at a publish keeps theirs. */
export const RETIRED_GRACE_MS = 24 * 60 * 60 * 1000

export async function liveQuestionnaire(db: Db): Promise<LiveQuestionnaire | undefined> {
  return db
    .selectFrom('questionnaireVersion')
    .select(['id', 'version', 'name', 'definition'])
    .where('status', '=', 'live')
    .executeTakeFirst()
}

export async function findQuestionnaireVersion(
  db: Db,
  id: number,
): Promise<QuestionnaireVersion | undefined> {
  return db.selectFrom('questionnaireVersion').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * The version a post may be answered against: the live one, or one retired less than
 * RETIRED_GRACE_MS ago. Drafts and long-retired versions take no leads.
 */
export async function acceptedQuestionnaire(
  db: Db,
  id: number,
  now = new Date(),
): Promise<LiveQuestionnaire | undefined> {
  const version = await findQuestionnaireVersion(db, id)
  if (!version) return undefined
  if (version.status === 'live') return version
  if (
    version.status === 'retired' &&
    version.retiredAt &&
    now.getTime() - version.retiredAt.getTime() < RETIRED_GRACE_MS
  ) {
    return version
  }
  return undefined
}

/**
 * The SPEC set as the site shows it today: the estimates and date labels an operator set in the
 * compliance settings (ADR 0015) are folded in, so installing versions changes nothing visible.
 */
export function specDefinitionFromSettings(
  settings: ReadonlyMap<string, string | null>,
): QuestionnaireDefinition {
  const compliance = readCompliance(settings)
  return {
    ...specDefinition,
    questions: specDefinition.questions.map((q) =>
      q.id === 'purchaseDateRange'
        ? {
            ...q,
            options: q.options.map((o) => ({
              ...o,
              label: compliance.dateBandLabels[o.value as keyof typeof compliance.dateBandLabels] || o.label,
            })),
          }
        : q,
    ),
    estimate: {
      ...specDefinition.estimate,
      cells: specDefinition.estimate.cells.map((cell) => ({
        ...cell,
        amount: compliance.estimates[cell.values[0] as keyof typeof compliance.estimates] ?? cell.amount,
      })),
      fallback: compliance.fallbackEstimate,
    },
  }
}

const SEED_NOTE =
  'Installed from the product specification (SPEC section 9) as the site showed it before questionnaire versions; its estimates predate the FCA redress scheme average.'

/**
 * Idempotent: on a database without versions, installs the SPEC set (with the operator's current
 * estimates and labels) as live version 1 and the redress-scheme set as draft version 2.
 */
export async function seedQuestionnaires(db: Db): Promise<void> {
  const existing = await db.selectFrom('questionnaireVersion').select('id').limit(1).executeTakeFirst()
  if (existing) return
  const settings = new Map(
    (await db.selectFrom('siteSetting').select(['key', 'value']).execute()).map((s) => [s.key, s.value]),
  )
  const spec = specDefinitionFromSettings(settings)
  const now = new Date()
  await db
    .insertInto('questionnaireVersion')
    .values([
      {
        version: 1,
        name: spec.name,
        definition: json(spec),
        status: 'live',
        evidenceNote: SEED_NOTE,
        publishedAt: now,
        createdAt: now,
        updatedAt: now,
      },
      {
        version: 2,
        name: redressSchemeDefinition.name,
        definition: json(redressSchemeDefinition),
        status: 'draft',
        createdAt: now,
        updatedAt: now,
      },
    ])
    .onConflict((oc) => oc.column('version').doNothing())
    .execute()
}
