import { readFileSync } from 'node:fs'
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

  it('shows the disclosure the questionnaire shows today', () => {
    const tsx = readFileSync(
      new URL('../../app/features/questionnaire/questionnaire.tsx', import.meta.url),
      'utf8',
    )
    const shownToday = tsx.replace(/&apos;/g, "'").replace(/\s+/g, ' ')
    expect(shownToday).toContain(specDefinition.estimate.disclosure)
  })
})
