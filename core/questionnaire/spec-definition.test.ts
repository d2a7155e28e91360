import { describe, expect, it } from 'vitest'
import { specDefinition } from './spec-definition.ts'

describe('the SPEC definition', () => {
  it('has the four SPEC questions, in order, with the SPEC answer names as ids', () => {
    expect(specDefinition.questions.map((q) => q.id)).toEqual([
      'hadPcpFinance',
      'purchaseDateRange',
      'loanAmount',
      'dealerDisclosedCommission',
    ])
    expect(specDefinition.questions[0].title).toBe('Did you buy a car on PCP finance between 2007 and 2021?')
  })

  it('has the estimates and fallback of SPEC section 9', () => {
    const table = Object.fromEntries(specDefinition.estimate.cells.map((c) => [c.values[0], c.amount]))
    expect(table).toEqual({ '5000-15000': 1500, '15000-25000': 2500, '25000-35000': 3500, '35000+': 5000 })
    expect(specDefinition.estimate.fallback).toBe(2000)
  })

  it('carries the disclosure the questionnaire showed before versions, word for word', () => {
    // Was a literal in app/features/questionnaire/questionnaire.tsx; the component now shows the definition's.
    expect(specDefinition.estimate.disclosure).toBe(
      "This is an estimate only, based on your answers and typical outcomes, before any fees. The amount you could receive depends on your agreement and on your lender's or the Financial Ombudsman's decision.",
    )
  })
})
