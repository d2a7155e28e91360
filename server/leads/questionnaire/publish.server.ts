import type { Kysely } from 'kysely'
import type { Problem } from '../../../core/questionnaire/definition-schema.ts'
import { publishProblems } from '../../../core/questionnaire/publish-guard.ts'
import {
  QUESTIONNAIRE_REFERENCE_AMOUNT_KEY,
  readQuestionnaireReferenceAmount,
} from '../../../core/schemas/settings.ts'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import { requireActorPermission } from '../../identity/index.ts'
import type { DB, QuestionnaireVersion } from '../../platform/index.ts'
import { audit, HttpError, isUniqueViolation } from '../../platform/index.ts'
import type { SiteState } from '../../site/index.ts'
import { PublishConflict, publishQuestionnaireVersion, readSetting } from './queries.server.ts'

/** A publish the guard refuses: a 400 whose problems each name the field they belong to. */
export class PublishRefused extends HttpError {
  readonly problems: Problem[]
  constructor(problems: Problem[]) {
    super(
      400,
      problems.length === 1
        ? (problems[0] as Problem).message
        : `The questionnaire has ${problems.length} problems: ${problems.map((p) => p.message).join('; ')}`,
    )
    this.problems = problems
  }
}

/** Why `definition` may not go live with this note, measured against today's reference amount. */
export async function publishGuard(
  db: Kysely<DB>,
  definition: unknown,
  evidenceNote: string | undefined,
): Promise<{ problems: Problem[]; referenceAmount: number }> {
  const referenceAmount = readQuestionnaireReferenceAmount(
    await readSetting(db, QUESTIONNAIRE_REFERENCE_AMOUNT_KEY),
  )
  return { problems: publishProblems(definition, { referenceAmount, evidenceNote }), referenceAmount }
}

/**
 * Publishing a questionnaire version: the one path every publish takes (the publish route, an
 * experiment's promotion), with its permission, the estimates guard, the audit entry and the site
 * refresh. The version it replaces is retired.
 */
export async function publishQuestionnaire(
  { db, site }: { db: Kysely<DB>; site: SiteState },
  version: QuestionnaireVersion,
  input: { evidenceNote?: string | undefined },
  actor: CurrentAdmin | undefined,
): Promise<QuestionnaireVersion> {
  requireActorPermission(actor, 'questionnaire')
  if (version.status === 'live') throw new HttpError(409, 'This version is already live')
  const { problems, referenceAmount } = await publishGuard(db, version.definition, input.evidenceNote)
  if (problems.length > 0) throw new PublishRefused(problems)
  const note = input.evidenceNote?.trim() || null
  let result: Awaited<ReturnType<typeof publishQuestionnaireVersion>>
  try {
    result = await publishQuestionnaireVersion(db, version.id, {
      publishedByEmail: actor?.email ?? null,
      evidenceNote: note,
      referenceAmount,
    })
  } catch (error) {
    if (error instanceof PublishConflict || isUniqueViolation(error))
      throw new HttpError(409, 'Another version was published at the same moment; reload and try again')
    throw error
  }
  if (!result.ok) {
    if (result.reason === 'live') throw new HttpError(409, 'This version is already live')
    throw new HttpError(404, 'Questionnaire version not found')
  }
  await audit(db, {
    actor,
    action: 'questionnaire.publish',
    entity: 'questionnaire_version',
    entityId: result.version.id,
    detail: {
      version: result.version.version,
      name: result.version.name,
      previous: result.previous?.version ?? null,
      evidenceNote: note !== null,
      referenceAmount,
    },
  })
  await site.changed()
  return result.version
}
