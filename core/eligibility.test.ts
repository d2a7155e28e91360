import { describe, expect, it } from 'vitest'
import { DEFAULT_ESTIMATES, loanBandLowerBound, questions } from './eligibility.ts'
import { formatPounds } from './money.ts'
import { type Answers, assess } from './questionnaire/definition.ts'
import { specDefinition } from './questionnaire/spec-definition.ts'

/** SPEC section 9 as the old `assessEligibility` answered it, evaluated from the SPEC definition. */
function assessEligibility(answers: Answers) {
  const { outcome, estimate } = assess(specDefinition, answers)
  return { isEligible: outcome === 'eligible', estimatedClaim: estimate }
}

// The SPEC's option lists and claim amounts, written out by hand so the tests do not depend on the code.
const HAD_PCP = ['yes', 'no']
const DATE_RANGES = ['2007-2010', '2011-2014', '2015-2018', '2019-2021']
const LOAN_BANDS = ['5000-15000', '15000-25000', '25000-35000', '35000+']
const DISCLOSED = ['no', 'unclear', 'yes']
const CLAIM_BY_BAND: Record<string, number> = {
  '5000-15000': 1500,
  '15000-25000': 2500,
  '25000-35000': 3500,
  '35000+': 5000,
}

type Row = {
  hadPcpFinance: string
  purchaseDateRange: string
  loanAmount: string
  dealerDisclosedCommission: string
  isEligible: boolean
  estimatedClaim: number
}

const everyCombination: Row[] = HAD_PCP.flatMap((hadPcpFinance) =>
  DATE_RANGES.flatMap((purchaseDateRange) =>
    LOAN_BANDS.flatMap((loanAmount) =>
      DISCLOSED.map((dealerDisclosedCommission) => {
        const isEligible = hadPcpFinance === 'yes' && dealerDisclosedCommission !== 'yes'
        const estimatedClaim = isEligible ? (CLAIM_BY_BAND[loanAmount] as number) : 0
        return {
          hadPcpFinance,
          purchaseDateRange,
          loanAmount,
          dealerDisclosedCommission,
          isEligible,
          estimatedClaim,
        }
      }),
    ),
  ),
)

describe('questions', () => {
  it('has the four SPEC questions in order', () => {
    expect(questions.map((q) => q.id)).toEqual([
      'hadPcpFinance',
      'purchaseDateRange',
      'loanAmount',
      'dealerDisclosedCommission',
    ])
    expect(questions).toHaveLength(4)
    expect(DEFAULT_ESTIMATES).toEqual({ estimates: CLAIM_BY_BAND, fallbackEstimate: 2000 })
  })

  it.each([
    ['hadPcpFinance', HAD_PCP],
    ['purchaseDateRange', DATE_RANGES],
    ['loanAmount', LOAN_BANDS],
    ['dealerDisclosedCommission', DISCLOSED],
  ])('%s offers exactly the SPEC options', (id, values) => {
    const question = questions.find((q) => q.id === id)
    expect(question?.options.map((o) => o.value)).toEqual(values)
  })

  it('gives every option a non-empty label', () => {
    for (const q of questions) {
      for (const o of q.options) expect(o.label.trim()).not.toBe('')
    }
  })
})

describe('the SPEC definition against the SPEC truth table (section 9)', () => {
  it('covers all 96 combinations of answers', () => {
    expect(everyCombination).toHaveLength(96)
    expect(everyCombination.filter((r) => r.isEligible)).toHaveLength(32)
  })

  it.each(everyCombination)(
    'PCP $hadPcpFinance, $purchaseDateRange, £$loanAmount, disclosed $dealerDisclosedCommission → eligible $isEligible, £$estimatedClaim',
    ({ isEligible, estimatedClaim, ...answers }) => {
      expect(assessEligibility(answers)).toEqual({ isEligible, estimatedClaim })
    },
  )

  it.each(['', '35000', '0-5000', 'lots', '5000-15000 '])(
    'estimates £2,000 for an eligible claimant with unrecognised loan band %j',
    (loanAmount) => {
      expect(
        assessEligibility({ hadPcpFinance: 'yes', loanAmount, dealerDisclosedCommission: 'unclear' }),
      ).toEqual({ isEligible: true, estimatedClaim: 2000 })
    },
  )

  it('estimates £0 for an ineligible claimant even with an unrecognised loan band', () => {
    expect(
      assessEligibility({ hadPcpFinance: 'no', loanAmount: 'lots', dealerDisclosedCommission: 'no' }),
    ).toEqual({ isEligible: false, estimatedClaim: 0 })
  })

  it.each([
    ['YES', 'no'],
    ['', 'no'],
    ['true', 'no'],
  ])('is not eligible when hadPcpFinance is %j (only exactly "yes" counts)', (hadPcpFinance, disclosed) => {
    expect(
      assessEligibility({ hadPcpFinance, loanAmount: '35000+', dealerDisclosedCommission: disclosed }),
    ).toEqual({ isEligible: false, estimatedClaim: 0 })
  })
})

describe('loanBandLowerBound', () => {
  it.each([
    ['5000-15000', 5000],
    ['15000-25000', 15000],
    ['25000-35000', 25000],
    ['35000+', 35000],
    ['', 0],
    ['lots', 0],
    ['£5000', 0],
  ])('%j → %d', (band, expected) => {
    expect(loanBandLowerBound(band)).toBe(expected)
  })
})

describe('formatPounds', () => {
  it.each([
    [0, '£0'],
    [999, '£999'],
    [1500, '£1,500'],
    [2000, '£2,000'],
    [2500, '£2,500'],
    [3500, '£3,500'],
    [5000, '£5,000'],
    [1234567, '£1,234,567'],
  ])('%d → %s', (amount, expected) => {
    expect(formatPounds(amount)).toBe(expected)
  })

  it('shows no pence', () => {
    expect(formatPounds(1500.4)).toBe('£1,500')
  })
})
