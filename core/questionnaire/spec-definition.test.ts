import { describe, expect, it } from 'vitest'
import { DEFAULT_ESTIMATES, questions } from '../eligibility.ts'
import { specDefinition } from './spec-definition.ts'

describe('the SPEC definition', () => {
  it('has the questions, hints and labels core/eligibility.ts shows, byte for byte', () => {
    const shown = specDefinition.questions.map(({ id, title, options, ...rest }) => ({
      id,
      title,
      ...('hint' in rest ? { hint: rest.hint } : {}),
      options,
    }))
    expect(shown).toStrictEqual(structuredClone(questions))
  })

  it('has the estimates and fallback of SPEC section 9', () => {
    const table = Object.fromEntries(specDefinition.estimate.cells.map((c) => [c.values[0], c.amount]))
    expect(table).toEqual(DEFAULT_ESTIMATES.estimates)
    expect(specDefinition.estimate.fallback).toBe(DEFAULT_ESTIMATES.fallbackEstimate)
  })

  it('carries the disclosure the questionnaire showed before versions, word for word', () => {
    // Was a literal in app/features/questionnaire/questionnaire.tsx; the component now shows the definition's.
    expect(specDefinition.estimate.disclosure).toBe(
      "This is an estimate only, based on your answers and typical outcomes, before any fees. The amount you could receive depends on your agreement and on your lender's or the Financial Ombudsman's decision.",
    )
  })
})
