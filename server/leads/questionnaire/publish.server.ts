import type { Kysely } from 'kysely'
import { approvalRefusal } from '../../../core/publish-approval.ts'
import type { Problem } from '../../../core/questionnaire/definition-schema.ts'
import { publishProblems } from '../../../core/questionnaire/publish-guard.ts'
import type { ReviewFlag } from '../../../core/schemas/page-publications.ts'
import {
  QUESTIONNAIRE_REFERENCE_AMOUNT_KEY,
  readQuestionnaireReferenceAmount,
} from '../../../core/schemas/settings.ts'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import { requireActorPermission } from '../../identity/index.ts'
import type { DB, QuestionnaireVersion } from '../../platform/index.ts'
import { audit, HttpError, isUniqueViolation } from '../../platform/index.ts'
import { questionnaireReviewFlags, type SiteState } from '../../site/index.ts'
import {
  clearQuestionnaireApproval,
  findQuestionnaireVersion,
  liveQuestionnaireVersion,
  PublishConflict,
  publishQuestionnaireVersion,
  readSetting,
  requestQuestionnaireApproval,
} from './queries.server.ts'

export const QUESTIONNAIRE_APPROVAL_NEEDED =
  'Publishing this version needs a second admin’s approval: the compliance review flagged it. It waits on the version; the live questionnaire is unchanged until then'

/**
 * A publish that waits for a second admin (docs/decisions/0084-questionnaire-four-eyes.md): the
 * request is kept on the version, the route answers 202 with it.
 */
export class ApprovalNeeded extends Error {
  readonly version: QuestionnaireVersion
  readonly flags: ReviewFlag[]
  constructor(version: QuestionnaireVersion, flags: ReviewFlag[]) {
    super(QUESTIONNAIRE_APPROVAL_NEEDED)
    this.version = version
    this.flags = flags
  }
}

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
  options: { approvedBy?: boolean; requestedByEmail?: string | null } = {},
): Promise<QuestionnaireVersion> {
  requireActorPermission(actor, 'questionnaire')
  if (version.status === 'live') throw new HttpError(409, 'This version is already live')
  const { problems, referenceAmount } = await publishGuard(db, version.definition, input.evidenceNote)
  if (problems.length > 0) throw new PublishRefused(problems)
  const note = input.evidenceNote?.trim() || null
  if (!options.approvedBy) {
    const live = await liveQuestionnaireVersion(db)
    const flags = await questionnaireReviewFlags(
      { db, site },
      { definition: version.definition, evidenceNote: note ?? version.evidenceNote },
      live && { definition: live.definition, evidenceNote: live.evidenceNote },
    )
    if (flags.length > 0) {
      const waiting = await requestQuestionnaireApproval(db, version.id, {
        byId: actor?.id ?? null,
        byEmail: actor?.email ?? null,
        flags,
        note,
      })
      if (!waiting) throw new HttpError(409, 'This version is already live')
      await audit(db, {
        actor,
        action: 'questionnaire.publish_requested',
        entity: 'questionnaire_version',
        entityId: version.id,
        detail: { version: version.version, name: version.name, flags: flags.map((f) => f.code) },
      })
      throw new ApprovalNeeded(waiting, flags)
    }
  }
  let result: Awaited<ReturnType<typeof publishQuestionnaireVersion>>
  try {
    result = await publishQuestionnaireVersion(db, version.id, {
      publishedByEmail: options.requestedByEmail ?? actor?.email ?? null,
      evidenceNote: note,
      referenceAmount,
      approvedByEmail: options.approvedBy ? (actor?.email ?? null) : null,
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
      ...(options.approvedBy ? { approvedBy: actor?.email ?? null } : {}),
    },
  })
  await site.changed()
  return result.version
}

/** The request waiting on version `id`, for a decision by `actor`: a 404, 409 or 403 otherwise. */
async function waitingRequest(db: Kysely<DB>, id: number, actor: CurrentAdmin | undefined) {
  const version = await findQuestionnaireVersion(db, id)
  if (!version) throw new HttpError(404, 'Questionnaire version not found')
  if (!version.approvalRequestedAt || version.status === 'live')
    throw new HttpError(409, 'This version is not awaiting approval')
  const refusal = approvalRefusal(actor, version.approvalRequestedById ?? -1)
  if (refusal) throw new HttpError(403, refusal)
  return version as QuestionnaireVersion & { approvalRequestedAt: Date }
}

/** A second admin approves: the version goes live with the note it was asked with. */
export async function approveQuestionnaire(
  services: { db: Kysely<DB>; site: SiteState },
  id: number,
  actor: CurrentAdmin | undefined,
): Promise<QuestionnaireVersion> {
  const version = await waitingRequest(services.db, id, actor)
  if (!(await clearQuestionnaireApproval(services.db, id, version.approvalRequestedAt)))
    throw new HttpError(409, 'This version is not awaiting approval')
  return publishQuestionnaire(services, version, { evidenceNote: version.approvalNote ?? undefined }, actor, {
    approvedBy: true,
    requestedByEmail: version.approvalRequestedByEmail,
  })
}

/** A second admin rejects, saying why: the version stays a draft (or retired), the request is gone. */
export async function rejectQuestionnaire(
  db: Kysely<DB>,
  id: number,
  actor: CurrentAdmin | undefined,
  note: string,
): Promise<QuestionnaireVersion> {
  const version = await waitingRequest(db, id, actor)
  if (!(await clearQuestionnaireApproval(db, id, version.approvalRequestedAt)))
    throw new HttpError(409, 'This version is not awaiting approval')
  await audit(db, {
    actor,
    action: 'questionnaire.publish_rejected',
    entity: 'questionnaire_version',
    entityId: id,
    detail: { version: version.version, requestedBy: version.approvalRequestedByEmail, note },
  })
  return (await findQuestionnaireVersion(db, id)) as QuestionnaireVersion
}
