import { formatPounds } from '../money.ts'
import { estimateAmounts } from './definition.ts'
import { LIMITS, noControls, type Problem, parseDefinition } from './definition-schema.ts'
import { FCA_AVERAGE_AWARD } from './redress-scheme-definition.ts'

/** The shortest evidence note that may justify an estimate above the reference. */
export const EVIDENCE_NOTE_MIN = 20

export type PublishOptions = {
  /** The amount no estimate may exceed without evidence; default: the definition's reference, else the FCA average. */
  referenceAmount?: number
  evidenceNote?: string
}

/**
 * Why a definition cannot be published; empty when it can. Beyond the schema, the FCA has had
 * claims-company promotions withdrawn for inflated "up to" figures: an estimate (any cell or the
 * fallback) above the reference needs an evidence note, which the caller keeps with the version.
 */
export function publishProblems(input: unknown, options: PublishOptions = {}): Problem[] {
  const parsed = parseDefinition(input)
  if (!parsed.ok) return parsed.problems
  const { estimate } = parsed.definition
  const note = options.evidenceNote?.trim() ?? ''
  const problems: Problem[] = []
  if (note.length > LIMITS.evidenceNote)
    problems.push({
      path: 'evidenceNote',
      message: `The evidence note must be at most ${LIMITS.evidenceNote} characters`,
    })
  else if (!noControls(note))
    problems.push({
      path: 'evidenceNote',
      message: 'The evidence note contains characters that are not allowed',
    })
  const reference = options.referenceAmount ?? estimate.reference?.amount ?? FCA_AVERAGE_AWARD.amount
  const highest = Math.max(...estimateAmounts(estimate))
  if (highest > reference && note.length < EVIDENCE_NOTE_MIN) {
    const source =
      options.referenceAmount === undefined
        ? ` (${estimate.reference?.label ?? FCA_AVERAGE_AWARD.label})`
        : ''
    problems.push({
      path: 'evidenceNote',
      message: `The highest estimate, ${formatPounds(highest)}, is above the reference of ${formatPounds(reference)}${source}: publishing needs an evidence note of at least ${EVIDENCE_NOTE_MIN} characters showing why these figures are fair`,
    })
  }
  return problems
}
