import { describe, expect, it } from 'vitest'
import { parseDefinition } from '../../../../core/questionnaire/definition-schema.ts'
import { redressSchemeDefinition } from '../../../../core/questionnaire/redress-scheme-definition.ts'
import { specDefinition } from '../../../../core/questionnaire/spec-definition.ts'
import {
  anchorFor,
  anchorsOf,
  estimatesAbove,
  fieldId,
  fromSimple,
  moveItem,
  placeProblems,
  rekeyEstimate,
  setCellAmount,
  toSimple,
} from './definition-edit.ts'

describe('simple conditions', () => {
  it('reads every condition of the shipped scheme set, flattening an all inside an all', () => {
    const [, date, lender] = redressSchemeDefinition.questions
    expect(toSimple(date.showWhen)).toEqual({
      mode: 'all',
      clauses: [{ question: 'product', in: ['pcp', 'hp', 'conditional-sale', 'not-sure'] }],
    })
    expect(toSimple(lender.showWhen)?.clauses.map((c) => c.question)).toEqual(['product', 'agreementDate'])
    expect(toSimple(redressSchemeDefinition.rule.eligibleWhen)?.clauses.map((c) => c.question)).toEqual([
      'product',
      'agreementDate',
      'alreadyComplained',
    ])
    for (const g of redressSchemeDefinition.rule.guidance) expect(toSimple(g.when)).not.toBeNull()
  })

  it('leaves a not, or any inside all, to read-only JSON', () => {
    expect(toSimple({ not: { question: 'a', in: ['x'] } })).toBeNull()
    expect(toSimple({ all: [{ any: [{ question: 'a', in: ['x'] }] }] })).toBeNull()
  })

  it('writes back a single clause as itself, several as all or any, none as no condition', () => {
    const a = { question: 'a', in: ['x'] }
    const b = { question: 'b', in: ['y', 'z'] }
    expect(fromSimple({ mode: 'any', clauses: [a] })).toEqual(a)
    expect(fromSimple({ mode: 'any', clauses: [a, b] })).toEqual({ any: [a, b] })
    expect(fromSimple({ mode: 'all', clauses: [a, b] })).toEqual({ all: [a, b] })
    expect(fromSimple({ mode: 'all', clauses: [] })).toBeUndefined()
  })
})

describe('where problems are shown', () => {
  it('puts each problem at its field, or at the group that holds it', () => {
    const anchors = anchorsOf(redressSchemeDefinition)
    expect(anchorFor('questions[0].options[1].value', anchors)).toBe('questions[0].options[1].value')
    expect(anchorFor('questions[1].showWhen.in[0]', anchors)).toBe('questions[1].showWhen')
    expect(anchorFor('rule.eligibleWhen.all[0].all[1].question', anchors)).toBe('rule.eligibleWhen')
    expect(anchorFor('estimate.cells[2].values[0]', anchors)).toBe('estimate.cells')
    expect(anchorFor('estimate.cells[2].amount', anchors)).toBe('estimate.cells[2].amount')
    expect(anchorFor('', anchors)).toBe('name')
    expect(fieldId('questions[0].options[1].value')).toBe('qf-questions-0-options-1-value')
  })

  it('places a duplicate option value at that option', () => {
    const [first, ...rest] = redressSchemeDefinition.questions
    const def = {
      ...redressSchemeDefinition,
      questions: [{ ...first, options: [first.options[0], { ...first.options[1], value: 'pcp' }] }, ...rest],
    }
    const parsed = parseDefinition(def)
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(placeProblems(parsed.problems, def).map((p) => p.anchor)).toContain(
      'questions[0].options[1].value',
    )
  })
})

describe('edits', () => {
  it('moves an item and leaves the list alone at its ends', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b'])
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b'])
  })

  it('rebuilds the estimate table for two keys, keeping no stale cells, and stays valid', () => {
    const estimate = rekeyEstimate(specDefinition, ['loanAmount', 'purchaseDateRange'])
    expect(estimate.cells).toHaveLength(4 * 4)
    expect(estimate.cells.every((c) => c.amount === specDefinition.estimate.fallback)).toBe(true)
    expect(parseDefinition({ ...specDefinition, estimate }).ok).toBe(true)
    const back = rekeyEstimate({ ...specDefinition, estimate }, ['loanAmount'])
    expect(back.cells).toHaveLength(4)
  })

  it('sets one cell and drops cells of answers that no longer exist', () => {
    const estimate = {
      ...specDefinition.estimate,
      cells: [...specDefinition.estimate.cells, { values: ['gone'], amount: 1 }],
    }
    const next = setCellAmount({ ...specDefinition, estimate }, ['35000+'], 6000)
    expect(next.cells).toHaveLength(4)
    expect(next.cells.find((c) => c.values[0] === '35000+')?.amount).toBe(6000)
  })

  it('lists the estimates above a reference for the publish dialog', () => {
    expect(estimatesAbove(redressSchemeDefinition, 829)).toEqual([])
    const above = estimatesAbove(specDefinition, 829)
    expect(above.map((a) => a.amount)).toEqual(expect.arrayContaining([5000]))
    expect(estimatesAbove(redressSchemeDefinition, 500)).toHaveLength(5)
  })
})
