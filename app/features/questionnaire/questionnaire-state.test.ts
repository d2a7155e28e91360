import { describe, expect, it } from 'vitest'
import type { Answers } from '../../../core/eligibility.ts'
import {
  answersFromForm,
  CHOOSE_AN_ANSWER,
  initialQuestionnaire,
  intentFrom,
  isComplete,
  type QuestionnaireState,
  stateFromForm,
  transition,
} from './questionnaire-state.ts'

const allAnswers: Answers = {
  hadPcpFinance: 'yes',
  purchaseDateRange: '2015-2018',
  loanAmount: '25000-35000',
  dealerDisclosedCommission: 'no',
}

const staleResult = { isEligible: true, estimatedClaim: 3500 }

function form(entries: Record<string, string | Blob>): FormData {
  const data = new FormData()
  for (const [key, value] of Object.entries(entries)) data.append(key, value)
  return data
}

describe('initialQuestionnaire', () => {
  it('starts on the first step with no answers and no result', () => {
    expect(initialQuestionnaire).toEqual({ step: 0, answers: {}, result: null })
  })
})

describe('transition: continue', () => {
  it.each([0, 1, 2, 3])('without an answer keeps step %d and returns the error', (step) => {
    const answers = { ...allAnswers }
    const key = (['hadPcpFinance', 'purchaseDateRange', 'loanAmount', 'dealerDisclosedCommission'] as const)[
      step
    ]
    if (key) delete answers[key]
    expect(transition({ step, answers, result: null }, 'continue')).toEqual({
      state: { step, answers, result: null },
      error: CHOOSE_AN_ANSWER,
    })
  })

  it('returns the exact error text', () => {
    expect(CHOOSE_AN_ANSWER).toBe('Please choose an answer to continue.')
  })

  it.each([
    [0, { hadPcpFinance: 'no' }],
    [1, { hadPcpFinance: 'yes', purchaseDateRange: '2007-2010' }],
    [2, { hadPcpFinance: 'yes', purchaseDateRange: '2007-2010', loanAmount: '35000+' }],
  ] as [number, Partial<Answers>][])('with an answer moves from step %d to the next', (step, answers) => {
    const next = transition({ step, answers, result: staleResult }, 'continue')
    expect(next).toEqual({ state: { step: step + 1, answers, result: null } })
    expect(next.error).toBeUndefined()
  })

  it('only needs the current step answered to move on', () => {
    const answers: Partial<Answers> = { loanAmount: '5000-15000' }
    expect(transition({ step: 2, answers, result: null }, 'continue')).toEqual({
      state: { step: 3, answers, result: null },
    })
  })

  it('on the last step with every answer gives the assessment, like check', () => {
    expect(transition({ step: 3, answers: allAnswers, result: null }, 'continue')).toEqual({
      state: { step: 3, answers: allAnswers, result: { isEligible: true, estimatedClaim: 3500 } },
    })
  })
})

describe('transition: check', () => {
  it.each([
    [allAnswers, { isEligible: true, estimatedClaim: 3500 }],
    [
      { ...allAnswers, loanAmount: '35000+', dealerDisclosedCommission: 'unclear' },
      { isEligible: true, estimatedClaim: 5000 },
    ],
    [
      { ...allAnswers, loanAmount: '5000-15000' },
      { isEligible: true, estimatedClaim: 1500 },
    ],
    [
      { ...allAnswers, loanAmount: '15000-25000' },
      { isEligible: true, estimatedClaim: 2500 },
    ],
    [
      { ...allAnswers, hadPcpFinance: 'no' },
      { isEligible: false, estimatedClaim: 0 },
    ],
    [
      { ...allAnswers, dealerDisclosedCommission: 'yes' },
      { isEligible: false, estimatedClaim: 0 },
    ],
  ] as [Answers, { isEligible: boolean; estimatedClaim: number }][])(
    'on the last step with %j gives %j',
    (answers, result) => {
      expect(transition({ step: 3, answers, result: null }, 'check')).toEqual({
        state: { step: 3, answers, result },
      })
    },
  )

  it.each([
    ['hadPcpFinance', 0],
    ['purchaseDateRange', 1],
    ['loanAmount', 2],
  ] as const)('with %s missing jumps back to step %d with the error', (key, expectedStep) => {
    const answers: Partial<Answers> = { ...allAnswers }
    delete answers[key]
    expect(transition({ step: 3, answers, result: staleResult }, 'check')).toEqual({
      state: { step: expectedStep, answers, result: null },
      error: CHOOSE_AN_ANSWER,
    })
  })

  it('with several missing answers jumps to the first missing one', () => {
    const answers: Partial<Answers> = { hadPcpFinance: 'yes', dealerDisclosedCommission: 'no' }
    expect(transition({ step: 3, answers, result: null }, 'check')).toEqual({
      state: { step: 1, answers, result: null },
      error: CHOOSE_AN_ANSWER,
    })
  })

  it('on the last step without its own answer stays there with the error', () => {
    const answers: Partial<Answers> = { hadPcpFinance: 'yes' }
    expect(transition({ step: 3, answers, result: null }, 'check')).toEqual({
      state: { step: 3, answers, result: null },
      error: CHOOSE_AN_ANSWER,
    })
  })

  it('before the last step just moves on without a result', () => {
    expect(transition({ step: 1, answers: allAnswers, result: null }, 'check')).toEqual({
      state: { step: 2, answers: allAnswers, result: null },
    })
  })
  it('estimates with the constants in force when given', () => {
    const constants = {
      estimates: { '5000-15000': 1100, '15000-25000': 2200, '25000-35000': 3300, '35000+': 4400 },
      fallbackEstimate: 1000,
    }
    expect(transition({ step: 3, answers: allAnswers, result: null }, 'check', constants)).toEqual({
      state: { step: 3, answers: allAnswers, result: { isEligible: true, estimatedClaim: 3300 } },
    })
  })
})

describe('transition: back', () => {
  it.each([
    [3, 2],
    [2, 1],
    [1, 0],
  ])('from step %d goes to step %d and clears the result', (step, expected) => {
    expect(transition({ step, answers: allAnswers, result: staleResult }, 'back')).toEqual({
      state: { step: expected, answers: allAnswers, result: null },
    })
  })

  it('from step 0 stays at 0 and clears the result', () => {
    expect(transition({ step: 0, answers: allAnswers, result: staleResult }, 'back')).toEqual({
      state: { step: 0, answers: allAnswers, result: null },
    })
  })

  it('keeps the answers so they can be changed', () => {
    const next = transition({ step: 3, answers: allAnswers, result: staleResult }, 'back')
    expect(next.state.answers).toEqual(allAnswers)
    expect(next.error).toBeUndefined()
  })
})

describe('transition: start-over', () => {
  it.each<QuestionnaireState>([
    { step: 3, answers: allAnswers, result: staleResult },
    { step: 1, answers: { hadPcpFinance: 'no' }, result: null },
    { step: 0, answers: {}, result: null },
  ])('resets %j to the initial state', (state) => {
    const next = transition(state, 'start-over')
    expect(next).toEqual({ state: { step: 0, answers: {}, result: null } })
  })
})

describe('transition: clamps the step', () => {
  it.each([
    [-1, 0],
    [-100, 0],
    [4, 3],
    [99, 3],
    [1.9, 1],
    [2.2, 2],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 3],
    [Number.NEGATIVE_INFINITY, 0],
  ])('treats step %d as %d when going back from it', (step, clamped) => {
    expect(transition({ step, answers: {}, result: staleResult }, 'back').state.step).toBe(
      Math.max(clamped - 1, 0),
    )
  })

  it.each([
    [-5, 0],
    [Number.NaN, 0],
    [7, 3],
  ])('treats step %d as %d when continuing without an answer', (step, clamped) => {
    expect(transition({ step, answers: {}, result: null }, 'continue')).toEqual({
      state: { step: clamped, answers: {}, result: null },
      error: CHOOSE_AN_ANSWER,
    })
  })

  it('gives the assessment for a step past the end when every answer is given', () => {
    expect(transition({ step: 42, answers: allAnswers, result: null }, 'check')).toEqual({
      state: { step: 3, answers: allAnswers, result: { isEligible: true, estimatedClaim: 3500 } },
    })
  })

  it('moves on from a negative step when the first question is answered', () => {
    expect(transition({ step: -3, answers: { hadPcpFinance: 'yes' }, result: null }, 'continue')).toEqual({
      state: { step: 1, answers: { hadPcpFinance: 'yes' }, result: null },
    })
  })
})

describe('answersFromForm', () => {
  it('reads every valid answer', () => {
    expect(answersFromForm(form({ ...allAnswers }))).toEqual(allAnswers)
  })

  it('returns nothing from an empty form', () => {
    expect(answersFromForm(new FormData())).toEqual({})
  })

  it('ignores values that are not options of their question', () => {
    const data = form({
      hadPcpFinance: 'maybe',
      purchaseDateRange: '2015-2018',
      loanAmount: '35000',
      dealerDisclosedCommission: 'YES',
    })
    expect(answersFromForm(data)).toEqual({ purchaseDateRange: '2015-2018' })
  })

  it.each(['', ' yes', 'yes ', 'Yes', 'true', '1'])('ignores hadPcpFinance = %j', (value) => {
    expect(answersFromForm(form({ hadPcpFinance: value }))).toEqual({})
  })

  it("ignores another question's option", () => {
    expect(answersFromForm(form({ loanAmount: '2007-2010', dealerDisclosedCommission: '35000+' }))).toEqual(
      {},
    )
  })

  it('ignores unknown fields', () => {
    const data = form({
      hadPcpFinance: 'no',
      step: '2',
      intent: 'check',
      firstName: 'Jane',
      __proto__x: 'yes',
    })
    expect(answersFromForm(data)).toEqual({ hadPcpFinance: 'no' })
  })

  it('ignores uploaded files even when their content is a valid option', () => {
    const data = form({ hadPcpFinance: new Blob(['yes']), dealerDisclosedCommission: 'unclear' })
    expect(answersFromForm(data)).toEqual({ dealerDisclosedCommission: 'unclear' })
  })
})

describe('isComplete', () => {
  it('is true only with all four answers', () => {
    expect(isComplete(allAnswers)).toBe(true)
    expect(isComplete({})).toBe(false)
    expect(isComplete({ ...allAnswers, loanAmount: undefined })).toBe(false)
  })
})

describe('stateFromForm', () => {
  it('reads the step and answers and has no result', () => {
    const data = form({ step: '2', hadPcpFinance: 'yes', purchaseDateRange: '2019-2021', bogus: 'x' })
    expect(stateFromForm(data)).toEqual({
      step: 2,
      answers: { hadPcpFinance: 'yes', purchaseDateRange: '2019-2021' },
      result: null,
    })
  })

  it('defaults a missing step to 0', () => {
    expect(stateFromForm(new FormData()).step).toBe(0)
  })

  it('a non-numeric step is clamped to 0 by transition', () => {
    const state = stateFromForm(form({ step: 'abc', hadPcpFinance: 'yes' }))
    expect(transition(state, 'continue')).toEqual({
      state: { step: 1, answers: { hadPcpFinance: 'yes' }, result: null },
    })
  })
})

describe('intentFrom', () => {
  it.each(['check', 'back', 'start-over', 'continue'])('keeps %j', (value) => {
    expect(intentFrom(value)).toBe(value)
  })

  it.each([undefined, null, '', 'CHECK', 'Back', 'start over', 'submit', 'delete', 1, true, {}, ['check']])(
    'defaults %j to continue',
    (value) => {
      expect(intentFrom(value)).toBe('continue')
    },
  )

  it('defaults an uploaded file to continue', () => {
    expect(intentFrom(new Blob(['check']))).toBe('continue')
  })
})
