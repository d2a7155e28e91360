import type { QuestionnaireState } from '../../../core/questionnaire/state.ts'
import { stateQuery } from '../../../core/questionnaire/state.ts'

/**
 * With JavaScript each step is a history entry (ADR 0058): the entry keeps the step and answers,
 * and its address is the one the server renders for them, so a reload shows the same step.
 */
type Entry = {
  questionnaire: {
    id: number
    state: QuestionnaireState
    /** Reached by moving on from the entry before it, which therefore holds the step before. */
    forward: boolean
  }
}

function entryOf(value: unknown, id: number): Entry['questionnaire'] | undefined {
  const q = (value as Partial<Entry> | null)?.questionnaire
  if (!q || q.id !== id || typeof q.state !== 'object' || q.state === null) return undefined
  if (typeof q.state.step !== 'number' || typeof q.state.answers !== 'object') return undefined
  return q
}

/** The state a history entry holds for this questionnaire version, if it holds one. */
export function stateOfEntry(value: unknown, id: number): QuestionnaireState | undefined {
  return entryOf(value, id)?.state
}

/** Whether the entry before this one is the step before: the form's Back can then be the browser's. */
export function cameForward(id: number): boolean {
  return entryOf(window.history.state, id)?.forward ?? false
}

function urlFor(id: number, state: QuestionnaireState): string {
  const { pathname, search, hash } = window.location
  return `${pathname}${stateQuery(state, id, { keep: new URLSearchParams(search) })}${hash}`
}

/** The current entry now holds this state (an answer chosen, a version adopted). */
export function replaceEntry(id: number, state: QuestionnaireState): void {
  const forward = cameForward(id)
  window.history.replaceState(
    { ...(window.history.state ?? {}), questionnaire: { id, state, forward } },
    '',
    urlFor(id, state),
  )
}

/** A new step: the current entry keeps `from`, a new one holds `to`. */
export function pushEntry(
  id: number,
  from: QuestionnaireState,
  to: QuestionnaireState,
  forward: boolean,
): void {
  if (!entryOf(window.history.state, id)) replaceEntry(id, from)
  window.history.pushState({ questionnaire: { id, state: to, forward } }, '', urlFor(id, to))
}
