import { type Attribution, attributionKeys, attributionLimits } from '../attribution.ts'
import { STEP_PARAM } from './address.ts'
import {
  type Answers,
  type Assessment,
  assess,
  effectiveAnswers,
  type QuestionnaireDefinition,
  SPEC_ANSWER_NAMES,
  visibleQuestions,
} from './definition.ts'

/** What answers, steps and versions are read from: a posted form or an address's query. */
type Fields = { get(name: string): FormDataEntryValue | null }

/**
 * Where the questionnaire and lead form post when JavaScript is not running. No fragment: a page
 * that answers with an error focuses the field in error (autofocus, which browsers skip when the
 * address has a fragment); a step that moves on answers 303 to its address with `#calculator`.
 */
export const QUESTIONNAIRE_ACTION = '/?index'

/** What a page gives the questionnaire: the live version (ADR 0029). */
export type ShownQuestionnaire = { id: number; version: number; definition: QuestionnaireDefinition }

/** `step` is the position among the questions visible for `answers`, as they stand. */
export type QuestionnaireState = {
  step: number
  answers: Answers
  result: Assessment | null
}

export type QuestionnaireIntent = 'continue' | 'check' | 'back' | 'start-over'

export const initialQuestionnaire: QuestionnaireState = { step: 0, answers: {}, result: null }

export const CHOOSE_AN_ANSWER = 'Please choose an answer to continue.'

/** The form field that carries the answer to a question (`POST /api/leads` names it the same way). */
export const answerField = (questionId: string) => `answers.${questionId}`

// Forms posted before versions named the SPEC's answers bare; no other id is read bare, so a
// question id can never pick up another field of the form (say, the lead form's `email`).
const isSpecName = (id: string) => (SPEC_ANSWER_NAMES as readonly string[]).includes(id)

/**
 * Answers found in a form, keeping only values that are options of a question still shown. A field
 * is `answers.<question id>`; a bare SPEC answer name is read too.
 */
export function answersFromForm(def: QuestionnaireDefinition, form: Fields): Answers {
  const answers: Record<string, string> = {}
  for (const q of def.questions) {
    const value = form.get(answerField(q.id)) ?? (isSpecName(q.id) ? form.get(q.id) : null)
    if (typeof value === 'string' && q.options.some((o) => o.value === value)) answers[q.id] = value
  }
  return effectiveAnswers(def, answers)
}

/**
 * Every `answers.<id>` field of a post as sent, for the lead itself: the server checks them against
 * the version and refuses what is not an option (answersFromForm above drops it for the steps).
 */
export function postedAnswers(form: FormData): Record<string, string> | undefined {
  const answers: Record<string, string> = {}
  for (const [name, value] of form.entries()) {
    if (name.startsWith('answers.') && typeof value === 'string')
      answers[name.slice('answers.'.length)] = value
  }
  return Object.keys(answers).length > 0 ? answers : undefined
}

/** Sets one answer; answers to questions the change hides are dropped. */
export function answer(def: QuestionnaireDefinition, answers: Answers, questionId: string, value: string) {
  return effectiveAnswers(def, { ...answers, [questionId]: value })
}

export function isComplete(def: QuestionnaireDefinition, answers: Answers): boolean {
  return visibleQuestions(def, answers).every((q) => Object.hasOwn(answers, q.id))
}

const clampStep = (step: number, count: number) => Math.min(Math.max(Math.trunc(step) || 0, 0), count - 1)

/**
 * One transition of the questionnaire. The browser applies it to its own state; without
 * JavaScript the server applies it to the posted form, so both behave the same.
 */
export function transition(
  def: QuestionnaireDefinition,
  state: QuestionnaireState,
  intent: QuestionnaireIntent,
): { state: QuestionnaireState; error?: string } {
  const answers = effectiveAnswers(def, state.answers)
  const shown = visibleQuestions(def, answers)
  const step = clampStep(state.step, shown.length)
  switch (intent) {
    case 'start-over':
      return { state: { step: 0, answers: {}, result: null } }
    case 'back':
      return { state: { step: Math.max(step - 1, 0), answers, result: null } }
    case 'continue':
    case 'check': {
      const current = shown[step]
      if (current && !Object.hasOwn(answers, current.id)) {
        return { state: { step, answers, result: null }, error: CHOOSE_AN_ANSWER }
      }
      if (step < shown.length - 1) return { state: { step: step + 1, answers, result: null } }
      const missing = shown.findIndex((q) => !Object.hasOwn(answers, q.id))
      if (missing >= 0) return { state: { step: missing, answers, result: null }, error: CHOOSE_AN_ANSWER }
      return { state: { step, answers, result: assess(def, answers) } }
    }
  }
}

export function intentFrom(value: unknown): QuestionnaireIntent {
  return value === 'check' || value === 'back' || value === 'start-over' ? value : 'continue'
}

export function stateFromForm(def: QuestionnaireDefinition, form: FormData): QuestionnaireState {
  return { step: Number(form.get('step') ?? 0), answers: answersFromForm(def, form), result: null }
}

/** The version id a form names, when it is a whole number. */
export function versionFromForm(form: Fields): number | undefined {
  const value = Number(form.get('questionnaireVersion'))
  return Number.isSafeInteger(value) && value > 0 ? value : undefined
}

/** The query parameters a step's address owns; any other (tracking tags) is kept as it is. */
const ownsParam = (name: string) =>
  name === STEP_PARAM ||
  name.startsWith('answers.') ||
  name === 'questionnaireVersion' ||
  name === 'formStartedAt' ||
  (SPEC_ANSWER_NAMES as readonly string[]).includes(name)

/**
 * The query of a state's address (ADR 0058): `step` (1-based, or `result`), one `answers.<id>` per
 * answer, the version, and what the no-JavaScript posts carried (when the visitor started, where
 * they came from). Never personal data: only answers to the questions, versions and tracking tags.
 * The first step with no answer has no address of its own: the page itself (with `keep`).
 */
export function stateQuery(
  state: QuestionnaireState,
  versionId: number,
  extra: { startedAt?: number; attribution?: Attribution; keep?: URLSearchParams } = {},
): string {
  const params = new URLSearchParams()
  for (const [name, value] of extra.keep ?? []) if (!ownsParam(name)) params.append(name, value)
  for (const key of attributionKeys) {
    const value = extra.attribution?.[key]
    if (value && !params.has(key)) params.set(key, value)
  }
  const blank = state.step === 0 && !state.result && Object.keys(state.answers).length === 0
  if (!blank) {
    params.set(STEP_PARAM, state.result ? 'result' : String(state.step + 1))
    for (const [id, value] of Object.entries(state.answers)) params.set(answerField(id), value)
    if (versionId) params.set('questionnaireVersion', String(versionId))
    if (extra.startedAt) params.set('formStartedAt', String(extra.startedAt))
  }
  const query = params.toString()
  return query ? `?${query}` : ''
}

/**
 * The state an address names. A step past an unanswered one is that unanswered one, and
 * `result` with answers missing is the first missing step: a hand-made address shows only what
 * the visitor could have reached.
 */
export function stateFromQuery(def: QuestionnaireDefinition, params: URLSearchParams): QuestionnaireState {
  const answers = answersFromForm(def, params)
  const shown = visibleQuestions(def, answers)
  const missing = shown.findIndex((q) => !Object.hasOwn(answers, q.id))
  const raw = params.get(STEP_PARAM)
  if (raw === 'result' && missing < 0)
    return { step: shown.length - 1, answers, result: assess(def, answers) }
  const wanted = raw === 'result' ? shown.length - 1 : clampStep(Number(raw) - 1, shown.length)
  return { step: missing >= 0 ? Math.min(wanted, missing) : wanted, answers, result: null }
}

/** The attribution an address carries, under the keys' own names. */
export function attributionFromQuery(params: URLSearchParams): Attribution | undefined {
  const out: Attribution = {}
  for (const key of attributionKeys) {
    const value = params.get(key)?.trim()
    if (value) out[key] = value.slice(0, attributionLimits[key])
  }
  return Object.keys(out).length > 0 ? out : undefined
}

/** When the visitor started, from a form or address: a past time, else undefined. */
export function startedAtFrom(fields: Fields, now = Date.now()): number | undefined {
  const posted = Number(fields.get('formStartedAt'))
  return Number.isSafeInteger(posted) && posted > 0 && posted <= now ? posted : undefined
}

/**
 * What a history entry shows when the visitor returns to it: its step, with the answers chosen
 * since (the latest choice wins), so Back and then Continue finds later answers still there.
 */
export function revisit(
  def: QuestionnaireDefinition,
  entry: QuestionnaireState,
  current: Answers,
): QuestionnaireState {
  const answers = effectiveAnswers(def, { ...entry.answers, ...current })
  const shown = visibleQuestions(def, answers)
  const missing = shown.findIndex((q) => !Object.hasOwn(answers, q.id))
  if (entry.result && missing < 0) return { step: shown.length - 1, answers, result: assess(def, answers) }
  const step = clampStep(entry.result ? shown.length - 1 : entry.step, shown.length)
  return { step: missing >= 0 ? Math.min(step, missing) : step, answers, result: null }
}
