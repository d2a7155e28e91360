import type { Kysely } from 'kysely'
import type { QuestionnaireDefinition } from '../../../core/questionnaire/definition.ts'
import { redressSchemeDefinition } from '../../../core/questionnaire/redress-scheme-definition.ts'
import { specDefinitionFromSettings } from '../../../core/questionnaire/spec-from-settings.ts'
import type { ReviewFlag } from '../../../core/schemas/page-publications.ts'
import type { DB, QuestionnaireVersion } from '../../platform/index.ts'
import { isUniqueViolation, json } from '../../platform/index.ts'

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

/** The live version, whole (its evidence note included). */
export async function liveQuestionnaireVersion(db: Db): Promise<QuestionnaireVersion | undefined> {
  return db.selectFrom('questionnaireVersion').selectAll().where('status', '=', 'live').executeTakeFirst()
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

const summaryColumns = [
  'id',
  'version',
  'name',
  'status',
  'createdByEmail',
  'createdAt',
  'updatedAt',
  'publishedByEmail',
  'publishedAt',
  'retiredAt',
  'evidenceNote',
  'referenceAmount',
  'approvalRequestedById',
  'approvalRequestedByEmail',
  'approvalRequestedAt',
  'approvalFlags',
  'approvalNote',
  'approvedByEmail',
  'approvedAt',
] as const

/** Every version without its definition, newest version first (the admin's list). */
export async function listQuestionnaireVersions(db: Db) {
  return db.selectFrom('questionnaireVersion').select(summaryColumns).orderBy('version', 'desc').execute()
}

async function nextVersionNumber(db: Db): Promise<number> {
  const row = await db
    .selectFrom('questionnaireVersion')
    .select((eb) => eb.fn.max('version').as('highest'))
    .executeTakeFirst()
  return Number(row?.highest ?? 0) + 1
}

/**
 * A new draft with the next version number. Two admins saving at once may pick the same number:
 * the unique index refuses the second, which tries the next one.
 */
export async function createQuestionnaireDraft(
  db: Db,
  input: { name: string; definition: QuestionnaireDefinition; createdByEmail: string | null },
): Promise<QuestionnaireVersion> {
  for (let attempt = 0; ; attempt++) {
    const now = new Date()
    try {
      return await db
        .insertInto('questionnaireVersion')
        .values({
          version: await nextVersionNumber(db),
          name: input.name,
          definition: json(input.definition),
          status: 'draft',
          createdByEmail: input.createdByEmail,
          createdAt: now,
          updatedAt: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    } catch (error) {
      if (attempt >= 4 || !isUniqueViolation(error)) throw error
    }
  }
}

/** Changes a draft; undefined when the version is not (or no longer) a draft. */
export async function updateQuestionnaireDraft(
  db: Db,
  id: number,
  changes: { name: string; definition: QuestionnaireDefinition },
): Promise<QuestionnaireVersion | undefined> {
  return db
    .updateTable('questionnaireVersion')
    .set({ name: changes.name, definition: json(changes.definition), updatedAt: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .returningAll()
    .executeTakeFirst()
}

/** Deletes a draft; false when the version is not (or no longer) a draft. */
export async function deleteQuestionnaireDraft(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('questionnaireVersion')
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

export type PublishResult =
  | { ok: true; version: QuestionnaireVersion; previous: { id: number; version: number } | undefined }
  | { ok: false; reason: 'not-found' | 'live' }

/**
 * In one transaction: retires the live version and makes `id` (a draft or a retired version) live.
 * Of two concurrent publishes the one-live index lets one through; the other throws a unique
 * violation, or finds its version already live, and changes nothing.
 */
export async function publishQuestionnaireVersion(
  db: Db,
  id: number,
  publish: {
    publishedByEmail: string | null
    evidenceNote: string | null
    referenceAmount: number
    /** The second admin who approved it (four-eyes, ADR 0084), when one had to. */
    approvedByEmail?: string | null
  },
): Promise<PublishResult> {
  return db.transaction().execute(async (trx) => {
    const now = new Date()
    const target = await trx
      .selectFrom('questionnaireVersion')
      .select(['id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!target) return { ok: false, reason: 'not-found' } as const
    if (target.status === 'live') return { ok: false, reason: 'live' } as const
    const previous = await trx
      .updateTable('questionnaireVersion')
      .set({ status: 'retired', retiredAt: now, updatedAt: now })
      .where('status', '=', 'live')
      .where('id', '!=', id)
      .returning(['id', 'version'])
      .executeTakeFirst()
    const version = await trx
      .updateTable('questionnaireVersion')
      .set({
        status: 'live',
        publishedAt: now,
        publishedByEmail: publish.publishedByEmail,
        // A version published again without a note keeps the one it was first published with.
        ...(publish.evidenceNote === null ? {} : { evidenceNote: publish.evidenceNote }),
        referenceAmount: publish.referenceAmount,
        retiredAt: null,
        updatedAt: now,
        approvedByEmail: publish.approvedByEmail ?? null,
        approvedAt: publish.approvedByEmail ? now : null,
      })
      .where('id', '=', id)
      .where('status', '!=', 'live')
      .returningAll()
      .executeTakeFirst()
    if (!version) throw new PublishConflict()
    return { ok: true, version, previous }
  })
}

/** Another publish of the same version won the race: the transaction is rolled back. */
export class PublishConflict extends Error {
  constructor() {
    super('This version was published by someone else a moment ago')
  }
}

export async function readSetting(db: Db, key: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('siteSetting').select('value').where('key', '=', key).executeTakeFirst()
  return row?.value
}

/**
 * Each question id's text, for reports that only kept the id (the funnel's steps): the live
 * version's wording, else that of the newest version asking it (docs/decisions/0066-figures-that-add-up.md).
 */
export async function questionTitles(db: Db): Promise<Map<string, string>> {
  const versions = await db
    .selectFrom('questionnaireVersion')
    .select(['status', 'definition'])
    .orderBy('version', 'desc')
    .execute()
  const titles = new Map<string, string>()
  const live = versions.filter((v) => v.status === 'live')
  for (const { definition } of [...live, ...versions.filter((v) => v.status !== 'live')]) {
    for (const question of definition.questions) {
      if (!titles.has(question.id)) titles.set(question.id, question.title)
    }
  }
  return titles
}

/** Keeps a publish that waits for a second admin on the version: who asked, the flags, the note. */
export async function requestQuestionnaireApproval(
  db: Db,
  id: number,
  request: { byId: number | null; byEmail: string | null; flags: ReviewFlag[]; note: string | null },
) {
  return db
    .updateTable('questionnaireVersion')
    .set({
      approvalRequestedById: request.byId,
      approvalRequestedByEmail: request.byEmail,
      approvalRequestedAt: new Date(),
      approvalFlags: json(request.flags),
      approvalNote: request.note,
    })
    .where('id', '=', id)
    .where('status', '!=', 'live')
    .returningAll()
    .executeTakeFirst()
}

/** Ends a waiting request (approved, rejected or withdrawn): only if it is still the one read. */
export async function clearQuestionnaireApproval(db: Db, id: number, requestedAt: Date) {
  const result = await db
    .updateTable('questionnaireVersion')
    .set({
      approvalRequestedById: null,
      approvalRequestedByEmail: null,
      approvalRequestedAt: null,
      approvalNote: null,
    })
    .where('id', '=', id)
    .where('approvalRequestedAt', '=', requestedAt)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
