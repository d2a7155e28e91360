import { specDefinition } from './questionnaire/spec-definition.ts'

/**
 * What remains of the questionnaire that used to be code: the SPEC set's bands, by which the
 * compliance settings that installed questionnaire version 1 are keyed (ADR 0015), and the loan
 * band's lower bound for the SPEC `loan_amount` column. The questions, the rule and the estimates
 * are `specDefinition`'s (core/questionnaire/spec-definition.ts, ADR 0026): one definition.
 */
type SpecQuestions = typeof specDefinition.questions

export const questions: SpecQuestions = specDefinition.questions

export type DateBand = SpecQuestions[1]['options'][number]['value']
export type LoanBand = SpecQuestions[2]['options'][number]['value']

/** The estimate per loan band and for an unrecognised band: settings, defaulting to SPEC section 9. */
export type EstimateConstants = {
  estimates: Readonly<Record<LoanBand, number>>
  fallbackEstimate: number
}

export const DEFAULT_ESTIMATES: EstimateConstants = {
  estimates: Object.fromEntries(specDefinition.estimate.cells.map((c) => [c.values[0], c.amount])) as Record<
    LoanBand,
    number
  >,
  fallbackEstimate: specDefinition.estimate.fallback,
}

/** Lower bound of a loan band in pounds, for the integer `loan_amount` column. */
export function loanBandLowerBound(band: string): number {
  const match = /^(\d+)/.exec(band)
  return match ? Number(match[1]) : 0
}
