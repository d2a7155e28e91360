/**
 * A questionnaire as data: its questions, the eligibility rule and the estimate, with the pure
 * functions that evaluate it. No zod here: the browser evaluates a definition that arrives in the
 * HTML, and the public script has a 100 KB budget. The checks an admin's edit must pass live in
 * definition-schema.ts.
 */

/**
 * An answer that ends the questionnaire: no later question is asked and the outcome is this one
 * (not eligible, or the named guidance entry of the rule), whatever the rule would say.
 */
export type OptionEnd = { outcome: 'not_eligible' } | { outcome: 'guidance'; guidance: string }

export type Option = { value: string; label: string; ends?: OptionEnd }

/**
 * Shows a question, or qualifies an outcome, from earlier answers. `{ question, in }` holds when that
 * question is visible and answered with one of the values; a hidden or unanswered one never matches.
 */
export type Condition =
  | { question: string; in: readonly string[] }
  | { all: readonly Condition[] }
  | { any: readonly Condition[] }
  | { not: Condition }

export type Question = {
  id: string
  title: string
  hint?: string
  options: readonly Option[]
  /** Without it the question is always shown; with it, only when it holds on earlier answers. */
  showWhen?: Condition
}

/** Answers that lead to guidance instead of a referral, e.g. someone who has already complained. */
export type GuidanceRule = { id: string; when: Condition; title: string; text: string }

export type Rule = {
  /** Checked in order before eligibility: the first that holds decides the outcome. */
  guidance: readonly GuidanceRule[]
  eligibleWhen: Condition
}

/** One cell of the estimate table: the answers to the key questions, in the keys' order. */
export type EstimateCell = { values: readonly string[]; amount: number }

/** A published figure the estimates are measured against (e.g. the FCA's average award). */
export type EstimateReference = {
  amount: number
  /** What the figure is, as shown beside the estimate, e.g. "FCA estimate of the average award". */
  label: string
  source: string
  url: string
  /** When the source was published, YYYY-MM-DD. */
  date: string
}

/** Amounts are whole pounds, as `estimatedClaim` has always been stored and shown. */
export type Estimate = {
  /** One or two question ids; the table has a cell for every combination of their options. */
  keys: readonly [string] | readonly [string, string]
  cells: readonly EstimateCell[]
  /** Used when a key question is unanswered or its cell is missing. */
  fallback: number
  /** Shown beside the estimate. */
  disclosure: string
  reference?: EstimateReference
}

export type QuestionnaireDefinition = {
  /** The operator's name for this set, e.g. "FCA redress scheme (PS26/3)". Not shown to visitors. */
  name: string
  questions: readonly Question[]
  rule: Rule
  estimate: Estimate
  /** For the operator only: what to check before publishing, where facts came from. */
  operatorNotes?: string
}

/** Answers keyed by question id. */
export type Answers = Readonly<Record<string, string>>

export type Outcome = 'eligible' | 'not_eligible' | 'guidance'

export type Assessment = {
  outcome: Outcome
  /** Whole pounds; 0 unless eligible. */
  estimate: number
  /** The guidance rule that decided, when the outcome is 'guidance'. */
  guidance?: { id: string; title: string; text: string }
}

const answerOf = (answers: Answers, id: string): string | undefined =>
  Object.hasOwn(answers, id) && typeof answers[id] === 'string' ? answers[id] : undefined

/** Whether a condition holds on answers that contain only visible questions' answers. */
export function holds(condition: Condition, answers: Answers): boolean {
  if ('question' in condition) {
    const answer = answerOf(answers, condition.question)
    return answer !== undefined && condition.in.includes(answer)
  }
  if ('all' in condition) return condition.all.every((c) => holds(c, answers))
  if ('any' in condition) return condition.any.some((c) => holds(c, answers))
  return !holds(condition.not, answers)
}

/**
 * The questions shown for these answers, in order, each with its valid answer if any. A condition
 * sees only the answers to earlier visible questions, so an answer left over from a question that
 * is now hidden changes nothing.
 */
function walk(def: QuestionnaireDefinition, answers: Answers) {
  const shown: Question[] = []
  const visibleAnswers: Record<string, string> = {}
  let end: OptionEnd | undefined
  for (const question of def.questions) {
    if (question.showWhen && !holds(question.showWhen, visibleAnswers)) continue
    shown.push(question)
    const answer = answerOf(answers, question.id)
    const option = answer === undefined ? undefined : question.options.find((o) => o.value === answer)
    if (option === undefined) continue
    visibleAnswers[question.id] = option.value
    // An ending answer: the questions after it are not asked, and their answers do not count.
    if (option.ends) {
      end = option.ends
      break
    }
  }
  return { shown, visibleAnswers, end }
}

/** The end an answer leads to, when one of the counted answers ends the questionnaire. */
export function endOf(def: QuestionnaireDefinition, answers: Answers): OptionEnd | undefined {
  return walk(def, answers).end
}

export function visibleQuestions(def: QuestionnaireDefinition, answers: Answers): Question[] {
  return walk(def, answers).shown
}

/** The answers that count: those to visible questions with a valid option, nothing else. */
export function effectiveAnswers(def: QuestionnaireDefinition, answers: Answers): Answers {
  return walk(def, answers).visibleAnswers
}

/** The table's amount for these answers, or the fallback. */
export function estimateFor(estimate: Estimate, answers: Answers): number {
  const values = estimate.keys.map((key) => answerOf(answers, key))
  if (values.some((v) => v === undefined)) return estimate.fallback
  const cell = estimate.cells.find(
    (c) => c.values.length === values.length && c.values.every((v, i) => v === values[i]),
  )
  return cell?.amount ?? estimate.fallback
}

/** The outcome of a set of answers; answers to hidden questions and unknown values are ignored. */
export function assess(def: QuestionnaireDefinition, answers: Answers): Assessment {
  const { visibleAnswers: counted, end } = walk(def, answers)
  if (end) {
    const entry =
      end.outcome === 'guidance' ? def.rule.guidance.find((g) => g.id === end.guidance) : undefined
    if (!entry) return { outcome: 'not_eligible', estimate: 0 }
    const { id, title, text } = entry
    return { outcome: 'guidance', estimate: 0, guidance: { id, title, text } }
  }
  const guidance = def.rule.guidance.find((g) => holds(g.when, counted))
  if (guidance) {
    const { id, title, text } = guidance
    return { outcome: 'guidance', estimate: 0, guidance: { id, title, text } }
  }
  if (!holds(def.rule.eligibleWhen, counted)) return { outcome: 'not_eligible', estimate: 0 }
  return { outcome: 'eligible', estimate: estimateFor(def.estimate, counted) }
}

export type AnswersCheck = { ok: true; answers: Answers } | { ok: false; field: string; message: string }

/**
 * Checks submitted answers against a definition, in question order. Refused: anything but an object
 * of strings, an unknown question id, a value that is not an option of a visible question, a visible
 * question left unanswered. Answers to hidden questions are dropped, not refused: a visitor who goes
 * back and changes an earlier answer may still send one, and it cannot change the outcome. After an
 * answer that ends the questionnaire no question is asked, so the set stops there.
 * `field` is `answers.<question id>` (or `answers`), for a 400 that names it.
 */
export function checkAnswers(def: QuestionnaireDefinition, input: unknown): AnswersCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { ok: false, field: 'answers', message: 'The answers must be an object keyed by question id' }
  const answers = input as Record<string, unknown>
  const ids = new Set(def.questions.map((q) => q.id))
  for (const key of Object.keys(answers)) {
    if (!ids.has(key)) return { ok: false, field: `answers.${key}`, message: `There is no question "${key}"` }
    if (typeof answers[key] !== 'string')
      return { ok: false, field: `answers.${key}`, message: `The answer to "${key}" must be a text value` }
  }
  const { shown, visibleAnswers } = walk(def, answers as Answers)
  for (const question of shown) {
    if (Object.hasOwn(visibleAnswers, question.id)) continue
    const field = `answers.${question.id}`
    if (!Object.hasOwn(answers, question.id))
      return { ok: false, field, message: `Please answer "${question.title}" (${field})` }
    return {
      ok: false,
      field,
      message: `"${String(answers[question.id])}" is not an option of "${question.id}"`,
    }
  }
  return { ok: true, answers: visibleAnswers }
}

/**
 * The answer names of SPEC sections 7 and 9. The SPEC definition uses them as its question ids, so
 * an old payload's `answers` is already keyed by question id: the mapping is the identity.
 */
export const SPEC_ANSWER_NAMES = [
  'hadPcpFinance',
  'purchaseDateRange',
  'loanAmount',
  'dealerDisclosedCommission',
] as const

/** Every amount a definition can show: each cell and the fallback. */
export function estimateAmounts(estimate: Estimate): number[] {
  return [...estimate.cells.map((c) => c.amount), estimate.fallback]
}
