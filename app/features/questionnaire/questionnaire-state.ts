import {
  type Answers,
  type Assessment,
  assessEligibility,
  type EstimateConstants,
  questions,
  STEP_COUNT,
} from '../../../core/eligibility.ts'

/** Where the questionnaire and lead form post when JavaScript is not running. */
export const QUESTIONNAIRE_ACTION = '/?index#calculator'

export type QuestionnaireState = {
  step: number
  answers: Partial<Answers>
  result: Assessment | null
}

export type QuestionnaireIntent = 'continue' | 'check' | 'back' | 'start-over'

export const initialQuestionnaire: QuestionnaireState = { step: 0, answers: {}, result: null }

export const CHOOSE_AN_ANSWER = 'Please choose an answer to continue.'

/** Answers found in a form, keeping only values that are options of their question. */
export function answersFromForm(form: FormData): Partial<Answers> {
  const answers: Record<string, string> = {}
  for (const q of questions) {
    const value = form.get(q.id)
    if (typeof value === 'string' && q.options.some((o) => o.value === value)) answers[q.id] = value
  }
  return answers as Partial<Answers>
}

export function isComplete(answers: Partial<Answers>): answers is Answers {
  return questions.every((q) => answers[q.id] !== undefined)
}

/**
 * One transition of the questionnaire. The browser applies it to its own state; without
 * JavaScript the server applies it to the posted form, so both behave the same.
 */
export function transition(
  state: QuestionnaireState,
  intent: QuestionnaireIntent,
  constants?: EstimateConstants,
): { state: QuestionnaireState; error?: string } {
  const step = Math.min(Math.max(Math.trunc(state.step) || 0, 0), STEP_COUNT - 1)
  const answers = state.answers
  switch (intent) {
    case 'start-over':
      return { state: { step: 0, answers: {}, result: null } }
    case 'back':
      return { state: { step: Math.max(step - 1, 0), answers, result: null } }
    case 'continue':
    case 'check': {
      const current = questions[step]
      if (current && answers[current.id] === undefined) {
        return { state: { step, answers, result: null }, error: CHOOSE_AN_ANSWER }
      }
      if (step < STEP_COUNT - 1) return { state: { step: step + 1, answers, result: null } }
      if (!isComplete(answers)) {
        const missing = questions.findIndex((q) => answers[q.id] === undefined)
        return { state: { step: missing, answers, result: null }, error: CHOOSE_AN_ANSWER }
      }
      return { state: { step, answers, result: assessEligibility(answers, constants) } }
    }
  }
}

export function intentFrom(value: unknown): QuestionnaireIntent {
  return value === 'check' || value === 'back' || value === 'start-over' ? value : 'continue'
}

export function stateFromForm(form: FormData): QuestionnaireState {
  return { step: Number(form.get('step') ?? 0), answers: answersFromForm(form), result: null }
}
