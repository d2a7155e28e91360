import type {
  Condition,
  Estimate,
  EstimateCell,
  Question,
  QuestionnaireDefinition,
} from '../../../../core/questionnaire/definition.ts'
import type { Problem } from '../../../../core/questionnaire/definition-schema.ts'

/**
 * Pure helpers of the questionnaire editor: immutable edits of a definition, the simple condition
 * form the editor offers, and where each of parseDefinition's problems is shown.
 */

/** The DOM id of the control (or group) that edits `path`, e.g. `questions[0].title`. */
export function fieldId(path: string): string {
  return `qf-${path.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '')}`
}

/** Every path the editor has a control or a group for, given what it renders for `def`. */
export function anchorsOf(def: QuestionnaireDefinition): string[] {
  const anchors = ['name', 'questions', 'operatorNotes', 'rule.eligibleWhen', 'rule.guidance']
  def.questions?.forEach((q, i) => {
    const at = `questions[${i}]`
    anchors.push(at, `${at}.id`, `${at}.title`, `${at}.hint`, `${at}.options`, `${at}.showWhen`)
    q.options?.forEach((_o, j) => {
      anchors.push(`${at}.options[${j}].value`, `${at}.options[${j}].label`, `${at}.options[${j}].ends`)
    })
  })
  def.rule?.guidance?.forEach((_g, i) => {
    const at = `rule.guidance[${i}]`
    anchors.push(at, `${at}.id`, `${at}.title`, `${at}.text`, `${at}.when`)
  })
  anchors.push('estimate.keys', 'estimate.keys[0]', 'estimate.keys[1]', 'estimate.cells')
  def.estimate?.cells?.forEach((_c, i) => {
    anchors.push(`estimate.cells[${i}].amount`)
  })
  anchors.push('estimate.fallback', 'estimate.disclosure', 'estimate.reference')
  for (const part of ['amount', 'label', 'source', 'url', 'date']) anchors.push(`estimate.reference.${part}`)
  return anchors
}

/** The most specific anchor `path` falls under: itself, or the group that contains it. */
export function anchorFor(path: string, anchors: readonly string[]): string {
  let best: string | undefined
  for (const anchor of anchors) {
    const under = path === anchor || path.startsWith(`${anchor}.`) || path.startsWith(`${anchor}[`)
    if (under && (best === undefined || anchor.length > best.length)) best = anchor
  }
  // Problems with the whole definition (no path) are shown at its first field.
  return best ?? 'name'
}

export type PlacedProblem = Problem & { anchor: string }

export function placeProblems(problems: readonly Problem[], def: QuestionnaireDefinition): PlacedProblem[] {
  const anchors = anchorsOf(def)
  return problems.map((p) => ({ ...p, anchor: anchorFor(p.path, anchors) }))
}

/** A condition as the editor's simple controls hold it: questions and chosen values, all or any. */
export type SimpleCondition = { mode: 'all' | 'any'; clauses: { question: string; in: string[] }[] }

/**
 * The simple form of a condition, or null when it has a `not` or mixes all and any: the editor
 * then shows it read-only. A group inside a group of the same kind is flattened (same meaning).
 */
export function toSimple(condition: Condition | undefined): SimpleCondition | null {
  if (condition === undefined) return { mode: 'all', clauses: [] }
  if ('question' in condition)
    return { mode: 'all', clauses: [{ question: condition.question, in: [...condition.in] }] }
  if ('not' in condition) return null
  const mode = 'all' in condition ? 'all' : 'any'
  const list = 'all' in condition ? condition.all : condition.any
  const clauses: SimpleCondition['clauses'] = []
  for (const item of list) {
    if ('question' in item) clauses.push({ question: item.question, in: [...item.in] })
    else if (mode in item) {
      const inner = toSimple(item)
      if (!inner) return null
      clauses.push(...inner.clauses)
    } else return null
  }
  return { mode, clauses }
}

export function fromSimple(simple: SimpleCondition): Condition | undefined {
  const [first] = simple.clauses
  if (!first) return undefined
  if (simple.clauses.length === 1) return first
  return simple.mode === 'all' ? { all: simple.clauses } : { any: simple.clauses }
}

export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta
  if (to < 0 || to >= list.length) return [...list]
  const copy = [...list]
  const [item] = copy.splice(index, 1) as [T]
  copy.splice(to, 0, item)
  return copy
}

export function replaceItem<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((x, i) => (i === index ? item : x))
}

export function removeItem<T>(list: readonly T[], index: number): T[] {
  return list.filter((_x, i) => i !== index)
}

/** A question id not yet used: question5, question6… */
export function newQuestion(def: QuestionnaireDefinition): Question {
  const ids = new Set(def.questions.map((q) => q.id))
  let n = def.questions.length + 1
  while (ids.has(`question${n}`)) n++
  return {
    id: `question${n}`,
    title: 'New question',
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
  }
}

/** An option value not yet used by this question. */
export function newOptionValue(question: Question): string {
  const values = new Set(question.options.map((o) => o.value))
  let n = question.options.length + 1
  while (values.has(`option-${n}`)) n++
  return `option-${n}`
}

/** Every combination of the key questions' option values, in table order. */
export function estimateCombos(def: QuestionnaireDefinition, keys: readonly string[]): string[][] {
  const optionsOf = (id: string) => def.questions.find((q) => q.id === id)?.options.map((o) => o.value) ?? []
  const [first, second] = keys
  if (first === undefined) return []
  const rows = optionsOf(first).map((v) => [v])
  return second === undefined ? rows : rows.flatMap((r) => optionsOf(second).map((v) => [...r, v]))
}

const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i])

export function cellAmount(estimate: Estimate, values: readonly string[]): number | undefined {
  return estimate.cells.find((c) => sameValues(c.values, values))?.amount
}

/** New keys: one cell per combination, keeping the amounts that still apply, else the fallback. */
export function rekeyEstimate(def: QuestionnaireDefinition, keys: Estimate['keys']): Estimate {
  const cells = estimateCombos(def, keys).map((values) => ({
    values,
    amount: cellAmount(def.estimate, values) ?? def.estimate.fallback,
  }))
  return { ...def.estimate, keys, cells }
}

/**
 * Sets one cell's amount. Cells for combinations that no longer exist (an option was removed or
 * renamed) are dropped at the same time, so the table and what is saved agree.
 */
export function setCellAmount(
  def: QuestionnaireDefinition,
  values: readonly string[],
  amount: number,
): Estimate {
  const combos = estimateCombos(def, def.estimate.keys)
  const kept: EstimateCell[] = def.estimate.cells.filter(
    (c) => combos.some((combo) => sameValues(combo, c.values)) && !sameValues(c.values, values),
  )
  const cells = combos.flatMap((combo) => {
    if (sameValues(combo, values)) return [{ values: combo, amount }]
    const cell = kept.find((c) => sameValues(c.values, combo))
    return cell ? [cell] : []
  })
  return { ...def.estimate, cells }
}

/** The estimates (cells and fallback) above `reference`, described for the publish dialog. */
export function estimatesAbove(
  def: QuestionnaireDefinition,
  reference: number,
): { what: string; amount: number }[] {
  const labelOf = (key: string, value: string) =>
    def.questions.find((q) => q.id === key)?.options.find((o) => o.value === value)?.label ?? value
  const above = def.estimate.cells
    .filter((c) => c.amount > reference)
    .map((c) => ({
      what: c.values.map((v, k) => labelOf(def.estimate.keys[k] as string, v)).join(' + '),
      amount: c.amount,
    }))
  if (def.estimate.fallback > reference) above.push({ what: 'Fallback', amount: def.estimate.fallback })
  return above
}
