import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  type Answers,
  assess,
  type Condition,
  checkAnswers,
  estimateFor,
  holds,
  type QuestionnaireDefinition,
  SPEC_ANSWER_NAMES,
  visibleQuestions,
} from './definition.ts'
import { FCA_AVERAGE_AWARD, redressSchemeDefinition as scheme } from './redress-scheme-definition.ts'
import { specDefinition as spec } from './spec-definition.ts'

describe('an answer that ends the questionnaire', () => {
  const ended = { hadPcpFinance: 'no' }
  it('shows no question after it', () => {
    expect(visibleQuestions(spec, ended).map((q) => q.id)).toEqual(['hadPcpFinance'])
  })

  it('is not eligible, whatever the later answers say', () => {
    const all = {
      ...ended,
      purchaseDateRange: '2015-2018',
      loanAmount: '35000+',
      dealerDisclosedCommission: 'no',
    }
    expect(assess(spec, all)).toEqual({ outcome: 'not_eligible', estimate: 0 })
  })

  it('lets checkAnswers accept the shortened set, and drops later answers', () => {
    expect(checkAnswers(spec, ended)).toEqual({ ok: true, answers: ended })
    expect(checkAnswers(spec, { ...ended, loanAmount: '35000+' })).toEqual({ ok: true, answers: ended })
  })

  it('still asks the rest when another answer is chosen', () => {
    expect(checkAnswers(spec, { hadPcpFinance: 'yes' })).toMatchObject({
      ok: false,
      field: 'answers.purchaseDateRange',
    })
  })

  it('leads to the guidance entry it names', () => {
    const def: QuestionnaireDefinition = {
      ...scheme,
      questions: scheme.questions.map((q) =>
        q.id === 'product'
          ? {
              ...q,
              options: q.options.map((o) =>
                o.value === 'lease'
                  ? { ...o, ends: { outcome: 'guidance', guidance: 'already-represented' } }
                  : o,
              ),
            }
          : q,
      ),
    }
    expect(assess(def, { product: 'lease' })).toMatchObject({
      outcome: 'guidance',
      guidance: { id: 'already-represented' },
    })
  })
})

describe('holds', () => {
  const answers = { a: 'x', b: 'y' }
  it.each<[string, Condition, boolean]>([
    ['a value in the list', { question: 'a', in: ['x', 'z'] }, true],
    ['a value not in the list', { question: 'a', in: ['z'] }, false],
    ['an unanswered question', { question: 'c', in: ['x'] }, false],
    ['a key on the prototype', { question: 'toString', in: ['x'] }, false],
    [
      'all true',
      {
        all: [
          { question: 'a', in: ['x'] },
          { question: 'b', in: ['y'] },
        ],
      },
      true,
    ],
    [
      'all with one false',
      {
        all: [
          { question: 'a', in: ['x'] },
          { question: 'b', in: ['n'] },
        ],
      },
      false,
    ],
    [
      'any with one true',
      {
        any: [
          { question: 'a', in: ['n'] },
          { question: 'b', in: ['y'] },
        ],
      },
      true,
    ],
    [
      'any all false',
      {
        any: [
          { question: 'a', in: ['n'] },
          { question: 'b', in: ['n'] },
        ],
      },
      false,
    ],
    ['not of false', { not: { question: 'a', in: ['n'] } }, true],
    ['not of an unanswered question', { not: { question: 'c', in: ['x'] } }, true],
    [
      'nested',
      { not: { any: [{ question: 'a', in: ['n'] }, { all: [{ question: 'b', in: ['y'] }] }] } },
      false,
    ],
  ])('%s', (_, condition, expected) => {
    expect(holds(condition, answers)).toBe(expected)
  })
})

const ids = (def: QuestionnaireDefinition, answers: Answers) =>
  visibleQuestions(def, answers).map((q) => q.id)

describe('visibleQuestions', () => {
  it.each<[string, QuestionnaireDefinition, Answers, string[]]>([
    ['SPEC: all four, always', spec, {}, [...SPEC_ANSWER_NAMES]],
    ['scheme: first question only before any answer', scheme, {}, ['product']],
    ['scheme: a lease skips the rest', scheme, { product: 'lease' }, ['product']],
    ['scheme: a covered product asks the date', scheme, { product: 'hp' }, ['product', 'agreementDate']],
    [
      'scheme: a date outside the scheme skips lender and complaint',
      scheme,
      { product: 'pcp', agreementDate: 'after-2024-11' },
      ['product', 'agreementDate'],
    ],
    [
      'scheme: in scope asks all four',
      scheme,
      { product: 'pcp', agreementDate: '2007-04-to-2014-03' },
      ['product', 'agreementDate', 'lender', 'alreadyComplained'],
    ],
    [
      'scheme: an answer left from a now hidden question does not show later ones',
      scheme,
      { product: 'lease', agreementDate: '2014-04-to-2024-11' },
      ['product'],
    ],
    [
      'scheme: an unknown value counts as unanswered',
      scheme,
      { product: 'pcp', agreementDate: 'sometime' },
      ['product', 'agreementDate'],
    ],
  ])('%s', (_, def, answers, expected) => {
    expect(ids(def, answers)).toEqual(expected)
  })
})

describe('estimateFor', () => {
  const twoKeys = {
    keys: ['a', 'b'],
    cells: [
      { values: ['1', 'x'], amount: 100 },
      { values: ['1', 'y'], amount: 200 },
      { values: ['2', 'x'], amount: 300 },
    ],
    fallback: 50,
    disclosure: 'An estimate, not a promise.',
  } as const
  it.each<[string, Answers, number]>([
    ['a cell', { a: '1', b: 'y' }, 200],
    ['another cell', { a: '2', b: 'x' }, 300],
    ['a missing cell falls back', { a: '2', b: 'y' }, 50],
    ['an unanswered key falls back', { a: '1' }, 50],
    ['no answers fall back', {}, 50],
  ])('%s', (_, answers, expected) => {
    expect(estimateFor(twoKeys, answers)).toBe(expected)
  })
})

// The SPEC truth table: every combination, plus values the old code met at runtime.
const values = (id: string) =>
  spec.questions.find((q) => q.id === id)?.options.map((o) => o.value as string) ?? []

/** SPEC section 9, written as the code it replaced: eligible only with PCP and commission not clearly explained. */
const SPEC_ESTIMATES: Record<string, number> = {
  '5000-15000': 1500,
  '15000-25000': 2500,
  '25000-35000': 3500,
  '35000+': 5000,
}
function assessEligibility(a: {
  hadPcpFinance: string
  loanAmount: string
  dealerDisclosedCommission: string
}) {
  const isEligible = a.hadPcpFinance === 'yes' && a.dealerDisclosedCommission !== 'yes'
  const estimatedClaim = isEligible
    ? Object.hasOwn(SPEC_ESTIMATES, a.loanAmount)
      ? (SPEC_ESTIMATES[a.loanAmount] as number)
      : 2000
    : 0
  return { isEligible, estimatedClaim }
}
const specRows = values('hadPcpFinance').flatMap((hadPcpFinance) =>
  values('purchaseDateRange').flatMap((purchaseDateRange) =>
    [...values('loanAmount'), 'toString', '1000-2000'].flatMap((loanAmount) =>
      values('dealerDisclosedCommission').map((dealerDisclosedCommission) => ({
        hadPcpFinance,
        purchaseDateRange,
        loanAmount,
        dealerDisclosedCommission,
      })),
    ),
  ),
)

describe('assess on the SPEC definition', () => {
  it('covers every combination', () => {
    expect(specRows).toHaveLength(2 * 4 * 6 * 3)
  })

  it.each(specRows)('%o equals assessEligibility', (answers) => {
    const { isEligible, estimatedClaim } = assessEligibility(answers)
    const result = assess(spec, answers)
    expect(result.outcome).toBe(isEligible ? 'eligible' : 'not_eligible')
    expect(result.estimate).toBe(estimatedClaim)
  })

  it.each([
    [{ hadPcpFinance: 'yes', dealerDisclosedCommission: 'no', loanAmount: '35000+' }, 'eligible', 5000],
    [
      { hadPcpFinance: 'yes', dealerDisclosedCommission: 'unclear', loanAmount: '5000-15000' },
      'eligible',
      1500,
    ],
    [{ hadPcpFinance: 'yes', dealerDisclosedCommission: 'yes', loanAmount: '35000+' }, 'not_eligible', 0],
    [{ hadPcpFinance: 'no', dealerDisclosedCommission: 'no', loanAmount: '35000+' }, 'not_eligible', 0],
  ])('SPEC section 9 by hand: %o', (answers, outcome, estimate) => {
    expect(assess(spec, answers)).toEqual({ outcome, estimate })
  })
})

const inScope = { product: 'pcp', agreementDate: '2014-04-to-2024-11', lender: 'black-horse' }

describe('assess on the redress scheme definition', () => {
  it.each<[string, Answers, string, number, string?]>([
    [
      'in scope, not complained',
      { ...inScope, alreadyComplained: 'no' },
      'eligible',
      FCA_AVERAGE_AWARD.amount,
    ],
    [
      'the earlier scheme period',
      { ...inScope, agreementDate: '2007-04-to-2014-03', alreadyComplained: 'no' },
      'eligible',
      829,
    ],
    ['hire purchase', { ...inScope, product: 'hp', alreadyComplained: 'no' }, 'eligible', 829],
    [
      'conditional sale',
      { ...inScope, product: 'conditional-sale', alreadyComplained: 'no' },
      'eligible',
      829,
    ],
    [
      'already complained',
      { ...inScope, alreadyComplained: 'complained' },
      'guidance',
      0,
      'already-complained',
    ],
    [
      'a claims company acts',
      { ...inScope, alreadyComplained: 'represented' },
      'guidance',
      0,
      'already-represented',
    ],
    ['a lease is not covered', { product: 'lease' }, 'not_eligible', 0],
    ['before April 2007', { product: 'pcp', agreementDate: 'before-2007-04' }, 'not_eligible', 0],
    ['after November 2024', { product: 'hp', agreementDate: 'after-2024-11' }, 'not_eligible', 0],
    [
      'a hidden "complained" answer leads to no guidance',
      { product: 'lease', agreementDate: '2014-04-to-2024-11', alreadyComplained: 'complained' },
      'not_eligible',
      0,
    ],
    ['unanswered', {}, 'not_eligible', 0],
  ])('%s', (_, answers, outcome, estimate, guidanceId) => {
    const result = assess(scheme, answers)
    expect(result.outcome).toBe(outcome)
    expect(result.estimate).toBe(estimate)
    expect(result.guidance?.id).toBe(guidanceId)
    if (guidanceId) expect(result.guidance?.text.length).toBeGreaterThan(20)
  })
})

describe('checkAnswers', () => {
  const specAnswers = {
    hadPcpFinance: 'yes',
    purchaseDateRange: '2011-2014',
    loanAmount: '15000-25000',
    dealerDisclosedCommission: 'no',
  }

  it.each<[string, QuestionnaireDefinition, unknown, string, RegExp]>([
    ['not an object', spec, 'yes', 'answers', /object keyed by question id/],
    ['a list', spec, ['yes'], 'answers', /object keyed by question id/],
    ['null', spec, null, 'answers', /object keyed by question id/],
    [
      'an unknown question id',
      spec,
      { ...specAnswers, colour: 'red' },
      'answers.colour',
      /no question "colour"/,
    ],
    ['a prototype key', spec, JSON.parse('{"__proto__":"x"}'), 'answers.__proto__', /no question/],
    [
      'a number value',
      spec,
      { ...specAnswers, loanAmount: 5000 },
      'answers.loanAmount',
      /must be a text value/,
    ],
    [
      'an unknown value',
      spec,
      { ...specAnswers, loanAmount: '1-2' },
      'answers.loanAmount',
      /"1-2" is not an option of "loanAmount"/,
    ],
    [
      'a missing answer',
      spec,
      { hadPcpFinance: 'yes', purchaseDateRange: '2011-2014', loanAmount: '35000+' },
      'answers.dealerDisclosedCommission',
      /Please answer "Did the dealer tell you.*" \(answers\.dealerDisclosedCommission\)$/,
    ],
    ['scheme: a missing first answer', scheme, {}, 'answers.product', /Please answer/],
    [
      'scheme: a visible question unanswered',
      scheme,
      { ...inScope },
      'answers.alreadyComplained',
      /Please answer/,
    ],
    [
      'scheme: an unknown lender',
      scheme,
      { ...inScope, lender: 'acme', alreadyComplained: 'no' },
      'answers.lender',
      /"acme" is not an option of "lender"/,
    ],
  ])('refuses %s, naming the field', (_, def, input, field, message) => {
    const result = checkAnswers(def, input)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.field).toBe(field)
    expect(result.message).toMatch(message)
  })

  it.each<[string, QuestionnaireDefinition, Answers, Answers]>([
    ['every SPEC answer', spec, specAnswers, specAnswers],
    [
      'the scheme in scope',
      scheme,
      { ...inScope, alreadyComplained: 'no' },
      { ...inScope, alreadyComplained: 'no' },
    ],
    ['a lease, alone', scheme, { product: 'lease' }, { product: 'lease' }],
    [
      'answers to hidden questions, dropped whatever their value',
      scheme,
      { product: 'lease', agreementDate: 'nonsense', lender: 'black-horse', alreadyComplained: 'no' },
      { product: 'lease' },
    ],
  ])('accepts %s', (_, def, input, expected) => {
    expect(checkAnswers(def, input)).toEqual({ ok: true, answers: expected })
  })
})

describe('the SPEC answer names', () => {
  it('are the SPEC definition question ids, so old payloads map as they are', () => {
    expect(spec.questions.map((q) => q.id)).toEqual([...SPEC_ANSWER_NAMES])
  })
})

describe('the evaluator', () => {
  it('imports no zod, so the public script can run it within its budget', () => {
    const source = readFileSync(new URL('./definition.ts', import.meta.url), 'utf8')
    expect(source).not.toMatch(/^import(?!\s+type)[^\n]*from/m)
  })
})
