import type { Kysely } from 'kysely'
import { fieldMessage } from '../../core/lead-form-rules.ts'
import {
  type Answers,
  type Assessment,
  assess,
  checkAnswers,
  type QuestionnaireDefinition,
  SPEC_ANSWER_NAMES,
} from '../../core/questionnaire/definition.ts'
import type { LeadData, LeadQuestionnaireOption } from '../../core/schemas/leads.ts'
import { experimentQuestionnaire } from '../insight/index.ts'
import type { AppServices, DB } from '../platform/index.ts'
import { HttpError } from '../platform/index.ts'
import { acceptedQuestionnaire, liveQuestionnaire } from './questionnaire/queries.server.ts'

/** A post's answers refused: the 400 names the field (`answers.loanAmount: …`). */
export class LeadAnswersError extends HttpError {
  readonly field: string
  constructor(field: string, message: string) {
    super(400, fieldMessage([field], message))
    this.field = field
  }
}

/** What a lead keeps of the questionnaire it answered. */
export type AnsweredQuestionnaire = {
  questionnaireVersionId: number
  /** The answers that counted: visible questions only. */
  answers: Answers
  assessment: Assessment
}

/**
 * Checks a post's answers against the version it names (the live one, or one retired within the
 * grace period) or, without a name, the live version, and assesses them there: the browser's own
 * idea of the outcome is never asked for. Undefined when no answers were sent.
 */
export async function answeredQuestionnaire(
  { db, site }: Pick<AppServices, 'db' | 'site'>,
  data: Pick<LeadData, 'answers' | 'questionnaireVersion'>,
  now = new Date(),
): Promise<AnsweredQuestionnaire | undefined> {
  const id = data.questionnaireVersion
  // Most posts name the live version: the site snapshot has it, no query. A snapshot a second
  // behind another instance's publish still names a version the grace period accepts.
  const live = (await site.get()).questionnaire
  const version =
    id === undefined
      ? (live ?? (await liveQuestionnaire(db)))
      : id === live?.id
        ? live
        : (experimentQuestionnaire((await site.get()).experiments, id) ??
          (await acceptedQuestionnaire(db, id, now)))
  if (id !== undefined && !version) {
    throw new LeadAnswersError(
      'questionnaireVersion',
      `version ${id} does not take answers (unknown, a draft, or retired too long ago)`,
    )
  }
  if (data.answers === undefined) return undefined
  if (!version) throw new LeadAnswersError('answers', 'no questionnaire is live')
  const checked = checkAnswers(version.definition, data.answers)
  if (!checked.ok) throw new LeadAnswersError(checked.field, checked.message)
  return {
    questionnaireVersionId: version.id,
    answers: checked.answers,
    assessment: assess(version.definition, checked.answers),
  }
}

/** The SPEC's four answers when all of them are there: what `eligibility_response` keeps. */
export function specAnswers(answers: Answers) {
  if (!SPEC_ANSWER_NAMES.every((name) => Object.hasOwn(answers, name))) return undefined
  return {
    hadPcpFinance: answers.hadPcpFinance as string,
    purchaseDateRange: answers.purchaseDateRange as string,
    loanAmount: answers.loanAmount as string,
    dealerDisclosedCommission: answers.dealerDisclosedCommission as string,
  }
}

export type QuestionnaireRef = { id: number; version: number; name: string }
export type AnswerView = { questionId: string; question: string; value: string; label: string }

/** The answers in the version's question order, with the texts the visitor was shown. */
export function answersView(definition: QuestionnaireDefinition, answers: Answers | null): AnswerView[] {
  if (!answers) return []
  return definition.questions.flatMap((q) => {
    if (!Object.hasOwn(answers, q.id)) return []
    const value = answers[q.id] as string
    return [
      {
        questionId: q.id,
        question: q.title,
        value,
        label: q.options.find((o) => o.value === value)?.label ?? value,
      },
    ]
  })
}

type Version = QuestionnaireRef & { definition: QuestionnaireDefinition }

/** The stored versions with these ids, read once each. */
export async function versionsById(db: Kysely<DB>, ids: (number | null)[]): Promise<Map<number, Version>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
  if (wanted.length === 0) return new Map()
  const rows = await db
    .selectFrom('questionnaireVersion')
    .select(['id', 'version', 'name', 'definition'])
    .where('id', 'in', wanted)
    .execute()
  return new Map(rows.map((r) => [r.id, r]))
}

/** A lead's (or submission's) `questionnaire` and `answers`, as the detail and the webhook show them. */
export function questionnaireOf(
  versions: Map<number, Version>,
  row: { questionnaireVersionId: number | null; answers: Answers | null },
): { questionnaire: QuestionnaireRef | null; answers: AnswerView[] } {
  const version = row.questionnaireVersionId === null ? undefined : versions.get(row.questionnaireVersionId)
  if (!version) return { questionnaire: null, answers: [] }
  return {
    questionnaire: { id: version.id, version: version.version, name: version.name },
    answers: answersView(version.definition, row.answers),
  }
}

/** The live and retired versions (those leads can have answered), newest first, for the filters. */
export async function answerableVersions(db: Kysely<DB>): Promise<LeadQuestionnaireOption[]> {
  const rows = await db
    .selectFrom('questionnaireVersion')
    .select(['id', 'version', 'name', 'status', 'definition'])
    .where('status', 'in', ['live', 'retired'])
    .orderBy('version', 'desc')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    name: r.name,
    status: r.status as 'live' | 'retired',
    questions: r.definition.questions.map((q) => ({
      id: q.id,
      title: q.title,
      options: q.options.map(({ value, label }) => ({ value, label })),
    })),
  }))
}
