import { z } from 'zod'
import { formatPounds } from '../money.ts'
import type { Condition, QuestionnaireDefinition } from './definition.ts'

/**
 * The checks a questionnaire definition must pass before it is saved or published, with messages an
 * admin can act on. Shapes and lengths are zod's; what refers to what (conditions, the rule, the
 * estimate table) is checked across the whole definition in one pass below. The publish guard is
 * publish-guard.ts.
 */

export const LIMITS = {
  questions: 20,
  options: 20,
  guidance: 10,
  conditionDepth: 5,
  conditionItems: 20,
  id: 40,
  title: 200,
  hint: 400,
  label: 120,
  guidanceText: 1000,
  disclosure: 1000,
  operatorNotes: 4000,
  evidenceNote: 2000,
  amount: 1_000_000,
} as const

// Control and format characters, except the line breaks and tabs a multi-line text may hold.
export const noControls = (v: string) => !/[^\P{Cc}\n\r\t]|\p{Cf}/u.test(v)

const text = (what: string, min: number, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(min, min > 1 ? `${what} must be at least ${min} characters` : `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`)
    .refine(noControls, `${what} contains characters that are not allowed`)

const singleLine = (what: string, max: number) =>
  text(what, 1, max).refine((v) => !/[\r\n]/.test(v), `${what} must be on one line`)

// Ids and values end up in form field names, URLs and JSON keys: a small, safe alphabet.
const ID = /^[A-Za-z][A-Za-z0-9_-]*$/
const VALUE = /^[A-Za-z0-9][A-Za-z0-9_.+-]*$/

const id = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .min(1, `${what} is required`)
    .max(LIMITS.id, `${what} must be at most ${LIMITS.id} characters`)
    .regex(ID, `${what} must start with a letter and use only letters, digits, "-" and "_"`)

const optionValue = z
  .string({ error: 'The option value is required' })
  .min(1, 'The option value is required')
  .max(LIMITS.id, `The option value must be at most ${LIMITS.id} characters`)
  .regex(VALUE, 'The option value must start with a letter or digit and use only letters, digits and "-_.+"')

const pounds = (what: string) =>
  z
    .number({ error: `${what} must be a number of pounds` })
    .int(`${what} must be a whole number of pounds`)
    .min(0, `${what} cannot be negative`)
    .max(LIMITS.amount, `${what} must be at most ${formatPounds(LIMITS.amount)}`)

// For a missing or mistyped object; other issues (e.g. an unknown key) keep zod's own message.
const objectError = (what: string) => ({
  error: (issue: { code?: string; input?: unknown }) =>
    issue.code !== 'invalid_type'
      ? undefined
      : issue.input === undefined
        ? `${what} is required`
        : `${what} must be an object`,
})

// Checked by the whole-definition pass, which knows which questions a condition may name.
const condition = z.custom<Condition>((v) => v !== undefined, { error: 'The condition is required' })

const optionEndSchema = z.discriminatedUnion(
  'outcome',
  [
    z.strictObject({ outcome: z.literal('not_eligible') }),
    z.strictObject({ outcome: z.literal('guidance'), guidance: id('The guidance id') }),
  ],
  { error: 'An ending answer leads to "not_eligible" or to a guidance entry' },
)

const optionSchema = z.strictObject(
  {
    value: optionValue,
    label: singleLine('The option label', LIMITS.label),
    ends: optionEndSchema.optional(),
  },
  objectError('The option'),
)

const questionSchema = z.strictObject(
  {
    id: id('The question id'),
    title: singleLine('The question title', LIMITS.title),
    hint: text('The hint', 1, LIMITS.hint).optional(),
    options: z
      .array(optionSchema, { error: 'The options must be a list' })
      .min(2, 'A question needs at least 2 options')
      .max(LIMITS.options, `A question has at most ${LIMITS.options} options`),
    showWhen: condition.optional(),
  },
  objectError('The question'),
)

const guidanceSchema = z.strictObject(
  {
    id: id('The guidance id'),
    when: condition,
    title: singleLine('The guidance title', LIMITS.title),
    text: text('The guidance text', 20, LIMITS.guidanceText),
  },
  objectError('The guidance rule'),
)

const referenceSchema = z.strictObject(
  {
    amount: pounds('The reference amount').min(1, 'The reference amount must be at least £1'),
    label: singleLine('The reference label', LIMITS.title),
    source: singleLine('The reference source', LIMITS.title),
    url: z
      .string({ error: 'The reference URL is required' })
      .max(500, 'The reference URL must be at most 500 characters')
      .regex(/^https:\/\/[^\s]+$/, 'The reference URL must start with https://'),
    date: z
      .string({ error: 'The reference date is required' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'The reference date must be written YYYY-MM-DD')
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(v).toISOString().startsWith(v), {
        error: 'The reference date is not a real date',
      }),
  },
  objectError('The reference'),
)

const estimateSchema = z.strictObject(
  {
    keys: z
      .array(z.string({ error: 'An estimate key must be a question id' }), {
        error: 'The estimate keys must be a list of question ids',
      })
      .min(1, 'The estimate is keyed by 1 or 2 questions')
      .max(2, 'The estimate is keyed by 1 or 2 questions'),
    cells: z
      .array(
        z.strictObject(
          {
            values: z.array(z.string({ error: 'A cell value must be an option value' })).max(2),
            amount: pounds('The estimate'),
          },
          objectError('The estimate cell'),
        ),
        { error: 'The estimate cells must be a list' },
      )
      .max(LIMITS.options * LIMITS.options),
    fallback: pounds('The fallback estimate'),
    disclosure: text('The disclosure shown beside the estimate', 20, LIMITS.disclosure),
    reference: referenceSchema.optional(),
  },
  objectError('The estimate'),
)

type Issue = { path: (string | number)[]; message: string }

const questionName = (index: number, questionId: string) => `question ${index + 1} ("${questionId}")`

/**
 * A condition's problems. `known` holds the questions it may name with their option values: the
 * earlier questions for a question's `showWhen`, every question for the rule.
 */
function conditionIssues(
  value: unknown,
  path: (string | number)[],
  known: ReadonlyMap<string, ReadonlySet<string>>,
  scope: 'earlier' | 'any',
  depth = 1,
): Issue[] {
  const shape = 'must be a condition: { question, in }, { all }, { any } or { not }'
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [{ path, message: `The condition ${shape}` }]
  if (depth > LIMITS.conditionDepth)
    return [{ path, message: `Conditions nest at most ${LIMITS.conditionDepth} levels deep` }]
  const keys = Object.keys(value).sort().join(',')
  const v = value as Record<string, unknown>
  if (keys === 'in,question') {
    if (typeof v.question !== 'string' || !known.has(v.question)) {
      const which = scope === 'earlier' ? 'an earlier question' : 'a question of this questionnaire'
      return [
        {
          path: [...path, 'question'],
          message: `The condition names "${String(v.question)}", which is not ${which}`,
        },
      ]
    }
    const options = known.get(v.question) as ReadonlySet<string>
    if (!Array.isArray(v.in) || v.in.length === 0)
      return [{ path: [...path, 'in'], message: `The condition on "${v.question}" needs at least one value` }]
    if (v.in.length > LIMITS.conditionItems)
      return [{ path: [...path, 'in'], message: `A condition lists at most ${LIMITS.conditionItems} values` }]
    return v.in.flatMap((item, i) =>
      typeof item === 'string' && options.has(item)
        ? []
        : [{ path: [...path, 'in', i], message: `"${String(item)}" is not an option of "${v.question}"` }],
    )
  }
  if (keys === 'all' || keys === 'any') {
    const list = v[keys]
    if (!Array.isArray(list) || list.length === 0)
      return [{ path: [...path, keys], message: `"${keys}" needs a list of at least one condition` }]
    if (list.length > LIMITS.conditionItems)
      return [
        { path: [...path, keys], message: `"${keys}" lists at most ${LIMITS.conditionItems} conditions` },
      ]
    return list.flatMap((c, i) => conditionIssues(c, [...path, keys, i], known, scope, depth + 1))
  }
  if (keys === 'not') return conditionIssues(v.not, [...path, 'not'], known, scope, depth + 1)
  return [{ path, message: `The condition ${shape}` }]
}

function crossIssues(def: z.output<typeof shapeSchema>): Issue[] {
  const issues: Issue[] = []
  const earlier = new Map<string, ReadonlySet<string>>()
  const firstIndex = new Map<string, number>()
  def.questions.forEach((q, i) => {
    const seen = firstIndex.get(q.id)
    if (seen !== undefined)
      issues.push({
        path: ['questions', i, 'id'],
        message: `The id "${q.id}" is already used by question ${seen + 1}: each question needs its own id`,
      })
    else firstIndex.set(q.id, i)
    const values = new Set<string>()
    q.options.forEach((o, j) => {
      if (values.has(o.value))
        issues.push({
          path: ['questions', i, 'options', j, 'value'],
          message: `The value "${o.value}" appears twice in ${questionName(i, q.id)}`,
        })
      values.add(o.value)
    })
    if (q.showWhen !== undefined)
      issues.push(...conditionIssues(q.showWhen, ['questions', i, 'showWhen'], earlier, 'earlier'))
    if (!earlier.has(q.id)) earlier.set(q.id, values)
  })
  // By now every question is known: the rule and the estimate may name any of them.
  const all = earlier
  const guidanceIds = new Set<string>()
  def.rule.guidance.forEach((g, i) => {
    if (guidanceIds.has(g.id))
      issues.push({ path: ['rule', 'guidance', i, 'id'], message: `The guidance id "${g.id}" is used twice` })
    guidanceIds.add(g.id)
    issues.push(...conditionIssues(g.when, ['rule', 'guidance', i, 'when'], all, 'any'))
  })
  issues.push(...conditionIssues(def.rule.eligibleWhen, ['rule', 'eligibleWhen'], all, 'any'))
  def.questions.forEach((q, i) => {
    q.options.forEach((o, j) => {
      if (o.ends?.outcome === 'guidance' && !guidanceIds.has(o.ends.guidance))
        issues.push({
          path: ['questions', i, 'options', j, 'ends', 'guidance'],
          message: `"${o.label}" ends with the guidance "${o.ends.guidance}", which is not a guidance entry of the rule`,
        })
    })
  })
  issues.push(...estimateIssues(def, all))
  return issues
}

function estimateIssues(
  def: z.output<typeof shapeSchema>,
  all: ReadonlyMap<string, ReadonlySet<string>>,
): Issue[] {
  const { keys, cells } = def.estimate
  const issues: Issue[] = []
  keys.forEach((key, k) => {
    if (!all.has(key))
      issues.push({
        path: ['estimate', 'keys', k],
        message: `The estimate is keyed by "${key}", which is not a question`,
      })
  })
  if (keys.length === 2 && keys[0] === keys[1])
    issues.push({
      path: ['estimate', 'keys', 1],
      message: 'The two estimate keys must be different questions',
    })
  if (issues.length > 0) return issues
  const seen = new Set<string>()
  cells.forEach((cell, c) => {
    if (cell.values.length !== keys.length) {
      issues.push({
        path: ['estimate', 'cells', c, 'values'],
        message: `Each estimate cell needs ${keys.length} value${keys.length > 1 ? 's' : ''}, one per key (${keys.join(', ')})`,
      })
      return
    }
    cell.values.forEach((value, k) => {
      const key = keys[k] as string
      if (!all.get(key)?.has(value))
        issues.push({
          path: ['estimate', 'cells', c, 'values', k],
          message: `"${value}" is not an option of "${key}"`,
        })
    })
    const joined = JSON.stringify(cell.values)
    if (seen.has(joined))
      issues.push({
        path: ['estimate', 'cells', c],
        message: `There are two estimates for ${cell.values.join(' + ')}`,
      })
    seen.add(joined)
  })
  if (issues.length > 0) return issues
  const labels = (key: string) => def.questions.find((q) => q.id === key)?.options ?? []
  const [first, second] = keys as readonly string[]
  const combos: { value: string; label: string }[][] = labels(first as string).map((o) => [o])
  const full = second === undefined ? combos : combos.flatMap((c) => labels(second).map((o) => [...c, o]))
  for (const combo of full) {
    if (seen.has(JSON.stringify(combo.map((o) => o.value)))) continue
    issues.push({
      path: ['estimate', 'cells'],
      message: `The estimate table has no amount for ${combo.map((o, k) => `${keys[k]} = "${o.label}"`).join(' and ')}`,
    })
  }
  return issues
}

const shapeSchema = z.strictObject(
  {
    name: singleLine('The name', LIMITS.title),
    questions: z
      .array(questionSchema, { error: 'The questions must be a list' })
      .min(1, 'A questionnaire needs at least one question')
      .max(LIMITS.questions, `A questionnaire has at most ${LIMITS.questions} questions`),
    rule: z.strictObject(
      {
        guidance: z
          .array(guidanceSchema, { error: 'The guidance must be a list' })
          .max(LIMITS.guidance, `At most ${LIMITS.guidance} guidance rules`),
        eligibleWhen: condition,
      },
      objectError('The rule'),
    ),
    estimate: estimateSchema,
    operatorNotes: text('The operator notes', 1, LIMITS.operatorNotes).optional(),
  },
  objectError('The definition'),
)

/** A complete, self-consistent definition; its output is what the evaluator runs. */
export const definitionSchema: z.ZodType<QuestionnaireDefinition, unknown> = shapeSchema.superRefine(
  (def, ctx) => {
    for (const issue of crossIssues(def)) ctx.addIssue({ code: 'custom', ...issue })
  },
) as unknown as z.ZodType<QuestionnaireDefinition, unknown>

export type Problem = { path: string; message: string }

/** A zod path as an admin reads it: `questions[2].options[0].value`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, part) =>
      typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part),
    '',
  )
}

export type ParsedDefinition =
  | { ok: true; definition: QuestionnaireDefinition }
  | { ok: false; problems: Problem[] }

export function parseDefinition(input: unknown): ParsedDefinition {
  const result = definitionSchema.safeParse(input)
  if (result.success) return { ok: true, definition: result.data }
  return {
    ok: false,
    problems: result.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message })),
  }
}
