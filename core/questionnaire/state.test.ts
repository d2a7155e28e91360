import { describe, expect, it } from 'vitest'
import { isQuestionnaireAddress } from './address.ts'
import { type Answers, assess, type QuestionnaireDefinition } from './definition.ts'
import { redressSchemeDefinition } from './redress-scheme-definition.ts'
import { specDefinition } from './spec-definition.ts'
import {
  answer,
  answersFromForm,
  attributionFromQuery,
  CHOOSE_AN_ANSWER,
  initialQuestionnaire,
  intentFrom,
  isComplete,
  type QuestionnaireState,
  revisit,
  stateFromForm,
  stateFromQuery,
  stateQuery,
  transition,
  versionFromForm,
} from './state.ts'

const spec: QuestionnaireDefinition = specDefinition
const scheme: QuestionnaireDefinition = redressSchemeDefinition

const allAnswers = {
  hadPcpFinance: 'yes',
  purchaseDateRange: '2015-2018',
  loanAmount: '25000-35000',
  dealerDisclosedCommission: 'no',
} satisfies Answers

const staleResult = { outcome: 'eligible', estimate: 3500 } as const

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
    const answers: Record<string, string> = { ...allAnswers }
    const key = (['hadPcpFinance', 'purchaseDateRange', 'loanAmount', 'dealerDisclosedCommission'] as const)[
      step
    ]
    if (key) delete answers[key]
    expect(transition(spec, { step, answers, result: null }, 'continue')).toEqual({
      state: { step, answers, result: null },
      error: CHOOSE_AN_ANSWER,
    })
  })

  it('returns the exact error text', () => {
    expect(CHOOSE_AN_ANSWER).toBe('Please choose an answer to continue.')
  })

  it.each([
    [0, { hadPcpFinance: 'yes' }],
    [1, { hadPcpFinance: 'yes', purchaseDateRange: '2007-2010' }],
    [2, { hadPcpFinance: 'yes', purchaseDateRange: '2007-2010', loanAmount: '35000+' }],
  ] as [number, Answers][])('with an answer moves from step %d to the next', (step, answers) => {
    const next = transition(spec, { step, answers, result: staleResult }, 'continue')
    expect(next).toEqual({ state: { step: step + 1, answers, result: null } })
    expect(next.error).toBeUndefined()
  })

  it('only needs the current step answered to move on', () => {
    const answers: Answers = { loanAmount: '5000-15000' }
    expect(transition(spec, { step: 2, answers, result: null }, 'continue')).toEqual({
      state: { step: 3, answers, result: null },
    })
  })

  it('on the last step with every answer gives the assessment, like check', () => {
    expect(transition(spec, { step: 3, answers: allAnswers, result: null }, 'continue')).toEqual({
      state: { step: 3, answers: allAnswers, result: { outcome: 'eligible', estimate: 3500 } },
    })
  })
})

describe('transition: check', () => {
  it.each([
    [allAnswers, { outcome: 'eligible', estimate: 3500 }],
    [
      { ...allAnswers, loanAmount: '35000+', dealerDisclosedCommission: 'unclear' },
      { outcome: 'eligible', estimate: 5000 },
    ],
    [
      { ...allAnswers, loanAmount: '5000-15000' },
      { outcome: 'eligible', estimate: 1500 },
    ],
    [
      { ...allAnswers, loanAmount: '15000-25000' },
      { outcome: 'eligible', estimate: 2500 },
    ],
    [
      { ...allAnswers, dealerDisclosedCommission: 'yes' },
      { outcome: 'not_eligible', estimate: 0 },
    ],
  ] as [Answers, { outcome: string; estimate: number }][])(
    'on the last step with %j gives %j',
    (answers, result) => {
      expect(transition(spec, { step: 3, answers, result: null }, 'check')).toEqual({
        state: { step: 3, answers, result },
      })
    },
  )

  it.each([
    ['hadPcpFinance', 0],
    ['purchaseDateRange', 1],
    ['loanAmount', 2],
  ] as const)('with %s missing jumps back to step %d with the error', (key, expectedStep) => {
    const answers: Record<string, string> = { ...allAnswers }
    delete answers[key]
    expect(transition(spec, { step: 3, answers, result: staleResult }, 'check')).toEqual({
      state: { step: expectedStep, answers, result: null },
      error: CHOOSE_AN_ANSWER,
    })
  })

  it('with several missing answers jumps to the first missing one', () => {
    const answers: Answers = { hadPcpFinance: 'yes', dealerDisclosedCommission: 'no' }
    expect(transition(spec, { step: 3, answers, result: null }, 'check')).toEqual({
      state: { step: 1, answers, result: null },
      error: CHOOSE_AN_ANSWER,
    })
  })

  it('on the last step without its own answer stays there with the error', () => {
    const answers: Answers = { hadPcpFinance: 'yes' }
    expect(transition(spec, { step: 3, answers, result: null }, 'check')).toEqual({
      state: { step: 3, answers, result: null },
      error: CHOOSE_AN_ANSWER,
    })
  })

  it('before the last step just moves on without a result', () => {
    expect(transition(spec, { step: 1, answers: allAnswers, result: null }, 'check')).toEqual({
      state: { step: 2, answers: allAnswers, result: null },
    })
  })
  it('estimates with the amounts of the definition given', () => {
    const def = {
      ...spec,
      estimate: {
        ...spec.estimate,
        cells: spec.estimate.cells.map((c) => ({ ...c, amount: c.amount - 200 })),
      },
    }
    expect(transition(def, { step: 3, answers: allAnswers, result: null }, 'check')).toEqual({
      state: { step: 3, answers: allAnswers, result: { outcome: 'eligible', estimate: 3300 } },
    })
  })
})

describe('transition: back', () => {
  it.each([
    [3, 2],
    [2, 1],
    [1, 0],
  ])('from step %d goes to step %d and clears the result', (step, expected) => {
    expect(transition(spec, { step, answers: allAnswers, result: staleResult }, 'back')).toEqual({
      state: { step: expected, answers: allAnswers, result: null },
    })
  })

  it('from step 0 stays at 0 and clears the result', () => {
    expect(transition(spec, { step: 0, answers: allAnswers, result: staleResult }, 'back')).toEqual({
      state: { step: 0, answers: allAnswers, result: null },
    })
  })

  it('keeps the answers so they can be changed', () => {
    const next = transition(spec, { step: 3, answers: allAnswers, result: staleResult }, 'back')
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
    const next = transition(spec, state, 'start-over')
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
    expect(transition(spec, { step, answers: {}, result: staleResult }, 'back').state.step).toBe(
      Math.max(clamped - 1, 0),
    )
  })

  it.each([
    [-5, 0],
    [Number.NaN, 0],
    [7, 3],
  ])('treats step %d as %d when continuing without an answer', (step, clamped) => {
    expect(transition(spec, { step, answers: {}, result: null }, 'continue')).toEqual({
      state: { step: clamped, answers: {}, result: null },
      error: CHOOSE_AN_ANSWER,
    })
  })

  it('gives the assessment for a step past the end when every answer is given', () => {
    expect(transition(spec, { step: 42, answers: allAnswers, result: null }, 'check')).toEqual({
      state: { step: 3, answers: allAnswers, result: { outcome: 'eligible', estimate: 3500 } },
    })
  })

  it('moves on from a negative step when the first question is answered', () => {
    expect(
      transition(spec, { step: -3, answers: { hadPcpFinance: 'yes' }, result: null }, 'continue'),
    ).toEqual({
      state: { step: 1, answers: { hadPcpFinance: 'yes' }, result: null },
    })
  })
})

describe('answersFromForm', () => {
  it('reads every valid answer', () => {
    expect(answersFromForm(spec, form({ ...allAnswers }))).toEqual(allAnswers)
  })

  it('returns nothing from an empty form', () => {
    expect(answersFromForm(spec, new FormData())).toEqual({})
  })

  it('ignores values that are not options of their question', () => {
    const data = form({
      hadPcpFinance: 'maybe',
      purchaseDateRange: '2015-2018',
      loanAmount: '35000',
      dealerDisclosedCommission: 'YES',
    })
    expect(answersFromForm(spec, data)).toEqual({ purchaseDateRange: '2015-2018' })
  })

  it.each(['', ' yes', 'yes ', 'Yes', 'true', '1'])('ignores hadPcpFinance = %j', (value) => {
    expect(answersFromForm(spec, form({ hadPcpFinance: value }))).toEqual({})
  })

  it("ignores another question's option", () => {
    expect(
      answersFromForm(spec, form({ loanAmount: '2007-2010', dealerDisclosedCommission: '35000+' })),
    ).toEqual({})
  })

  it('ignores unknown fields', () => {
    const data = form({
      hadPcpFinance: 'no',
      step: '2',
      intent: 'check',
      firstName: 'Jane',
      __proto__x: 'yes',
    })
    expect(answersFromForm(spec, data)).toEqual({ hadPcpFinance: 'no' })
  })

  it('ignores uploaded files even when their content is a valid option', () => {
    const data = form({ hadPcpFinance: new Blob(['yes']), dealerDisclosedCommission: 'unclear' })
    expect(answersFromForm(spec, data)).toEqual({ dealerDisclosedCommission: 'unclear' })
  })
})

describe('isComplete', () => {
  it('is true only with all four answers', () => {
    expect(isComplete(spec, allAnswers)).toBe(true)
    expect(isComplete(spec, {})).toBe(false)
    const { loanAmount: _, ...withoutLoan } = allAnswers
    expect(isComplete(spec, withoutLoan)).toBe(false)
  })
})

describe('stateFromForm', () => {
  it('reads the step and answers and has no result', () => {
    const data = form({ step: '2', hadPcpFinance: 'yes', purchaseDateRange: '2019-2021', bogus: 'x' })
    expect(stateFromForm(spec, data)).toEqual({
      step: 2,
      answers: { hadPcpFinance: 'yes', purchaseDateRange: '2019-2021' },
      result: null,
    })
  })

  it('defaults a missing step to 0', () => {
    expect(stateFromForm(spec, new FormData()).step).toBe(0)
  })

  it('a non-numeric step is clamped to 0 by transition', () => {
    const state = stateFromForm(spec, form({ step: 'abc', hadPcpFinance: 'yes' }))
    expect(transition(spec, state, 'continue')).toEqual({
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

describe('an answer that ends the questionnaire', () => {
  it('goes from that step straight to its result, asking nothing more', () => {
    const next = transition(spec, { step: 0, answers: { hadPcpFinance: 'no' }, result: null }, 'continue')
    expect(next).toEqual({
      state: { step: 0, answers: { hadPcpFinance: 'no' }, result: { outcome: 'not_eligible', estimate: 0 } },
    })
  })

  it('drops the answers to the questions after it, which are no longer asked', () => {
    expect(answer(spec, allAnswers, 'hadPcpFinance', 'no')).toEqual({ hadPcpFinance: 'no' })
  })

  it('leads to the guidance entry it names', () => {
    const def: QuestionnaireDefinition = {
      ...spec,
      questions: spec.questions.map((q, i) =>
        i === 1
          ? {
              ...q,
              options: q.options.map((o, j) =>
                j === 0 ? { ...o, ends: { outcome: 'guidance', guidance: 'old' } } : o,
              ),
            }
          : q,
      ),
      rule: {
        ...spec.rule,
        guidance: [
          {
            id: 'old',
            when: { question: 'purchaseDateRange', in: ['2011-2014'] },
            title: 'Too early',
            text: 'Agreements before 2011 are not covered here.',
          },
        ],
      },
    }
    const answers = { hadPcpFinance: 'yes', purchaseDateRange: '2007-2010' }
    expect(transition(def, { step: 1, answers, result: null }, 'continue').state.result).toEqual({
      outcome: 'guidance',
      estimate: 0,
      guidance: { id: 'old', title: 'Too early', text: 'Agreements before 2011 are not covered here.' },
    })
  })
})

describe('answer fields', () => {
  it('reads answers.<question id> as well as the bare SPEC name, preferring the former', () => {
    const data = form({ 'answers.hadPcpFinance': 'yes', hadPcpFinance: 'no', 'answers.loanAmount': '35000+' })
    expect(answersFromForm(spec, data)).toEqual({ hadPcpFinance: 'yes', loanAmount: '35000+' })
  })

  it.each([
    ['7', 7],
    ['0', undefined],
    ['-2', undefined],
    ['1.5', undefined],
    ['abc', undefined],
  ])('reads questionnaireVersion %j as %j', (value, expected) => {
    expect(versionFromForm(form({ questionnaireVersion: value }))).toBe(expected)
  })
})

const inScope = { product: 'hp', agreementDate: '2014-04-to-2024-11' }

describe('over any definition', () => {
  it.each<[string, QuestionnaireDefinition, Answers, number]>([
    ['SPEC, nothing answered', spec, {}, 4],
    ['SPEC, an answer that ends it', spec, { hadPcpFinance: 'no' }, 1],
    ['scheme, nothing answered', scheme, {}, 1],
    ['scheme, a lease', scheme, { product: 'lease' }, 1],
    ['scheme, a covered product', scheme, { product: 'pcp' }, 2],
    ['scheme, out of scope date', scheme, { product: 'pcp', agreementDate: 'after-2024-11' }, 2],
    ['scheme, in scope', scheme, inScope, 4],
  ])('%s: %j shows %d questions', (_name, def, answers, count) => {
    // A step past the end is the last visible one: Back from it lands on the one before.
    const next = transition(def, { step: 99, answers, result: null }, 'back')
    expect(next.state).toEqual({ step: Math.max(count - 2, 0), answers, result: null })
  })

  it('skips the hidden questions: a lease goes straight to the result, not eligible', () => {
    const first = transition(scheme, { step: 0, answers: { product: 'lease' }, result: null }, 'continue')
    expect(first).toEqual({
      state: { step: 0, answers: { product: 'lease' }, result: { outcome: 'not_eligible', estimate: 0 } },
    })
  })

  it('an out-of-scope date ends the journey on step 2', () => {
    const answers = { product: 'pcp', agreementDate: 'before-2007-04' }
    expect(transition(scheme, { step: 1, answers, result: null }, 'check')).toEqual({
      state: { step: 1, answers, result: { outcome: 'not_eligible', estimate: 0 } },
    })
  })

  it('walks the scheme set step by step to the estimate', () => {
    let state: QuestionnaireState = initialQuestionnaire
    const steps: [string, string][] = [
      ['product', 'pcp'],
      ['agreementDate', '2007-04-to-2014-03'],
      ['lender', 'santander'],
      ['alreadyComplained', 'no'],
    ]
    for (const [id, value] of steps) {
      state = transition(
        scheme,
        { ...state, answers: answer(scheme, state.answers, id, value) },
        'continue',
      ).state
    }
    expect(state.result).toEqual({ outcome: 'eligible', estimate: 829 })
    expect(state.step).toBe(3)
  })

  it.each([
    ['complained', 'already-complained', 'Your complaint is already part of the scheme'],
    ['represented', 'already-represented', 'Someone already acts for you'],
  ])('gives guidance for alreadyComplained = %s', (value, id, title) => {
    const answers = { ...inScope, lender: 'other', alreadyComplained: value }
    const next = transition(scheme, { step: 3, answers, result: null }, 'check')
    expect(next.state.result).toMatchObject({ outcome: 'guidance', estimate: 0, guidance: { id, title } })
  })

  it('changing an earlier answer hides a later question and drops its answer', () => {
    const answers = { ...inScope, lender: 'honda', alreadyComplained: 'no' }
    expect(answer(scheme, answers, 'product', 'lease')).toEqual({ product: 'lease' })
    expect(answer(scheme, answers, 'agreementDate', 'after-2024-11')).toEqual({
      product: 'hp',
      agreementDate: 'after-2024-11',
    })
    // Changing it back does not bring the dropped answers back.
    expect(answer(scheme, answer(scheme, answers, 'product', 'lease'), 'product', 'hp')).toEqual({
      product: 'hp',
    })
  })

  it('without JavaScript drops posted answers to hidden questions and refuses unknown values', () => {
    const data = form({
      'answers.product': 'lease',
      'answers.agreementDate': '2014-04-to-2024-11',
      'answers.lender': 'nobody',
      step: '2',
    })
    expect(stateFromForm(scheme, data)).toEqual({ step: 2, answers: { product: 'lease' }, result: null })
    expect(transition(scheme, stateFromForm(scheme, data), 'continue').state.result).toEqual({
      outcome: 'not_eligible',
      estimate: 0,
    })
  })

  it('a value that is not an option of the current question is refused with the error', () => {
    const data = form({ 'answers.product': 'pcp', 'answers.agreementDate': 'soon', step: '1' })
    expect(transition(scheme, stateFromForm(scheme, data), 'continue')).toEqual({
      state: { step: 1, answers: { product: 'pcp' }, result: null },
      error: CHOOSE_AN_ANSWER,
    })
  })

  it('Back over the scheme set counts visible questions only', () => {
    const answers = { ...inScope, lender: 'honda' }
    expect(transition(scheme, { step: 2, answers, result: null }, 'back').state.step).toBe(1)
    expect(isComplete(scheme, answers)).toBe(false)
    expect(isComplete(scheme, { product: 'lease' })).toBe(true)
  })
})

describe('bare field names', () => {
  it('are read for the SPEC answer names only', () => {
    const def: QuestionnaireDefinition = {
      ...scheme,
      questions: [{ id: 'email', title: 'Email?', options: [{ value: 'a@example.com', label: 'A' }] }],
      rule: { guidance: [], eligibleWhen: { question: 'email', in: ['a@example.com'] } },
      estimate: { ...scheme.estimate, keys: ['email'], cells: [] },
    }
    expect(answersFromForm(def, form({ email: 'a@example.com' }))).toEqual({})
    expect(answersFromForm(def, form({ 'answers.email': 'a@example.com' }))).toEqual({
      email: 'a@example.com',
    })
  })
})

describe('a step as an address (ADR 0058)', () => {
  const params = (query: string) => new URLSearchParams(query)

  it('writes step (1-based), answers, version, start and attribution, keeping other parameters', () => {
    const query = stateQuery({ step: 1, answers: { hadPcpFinance: 'yes' }, result: null }, 7, {
      startedAt: 1_700_000_000_000,
      attribution: { utm_source: 'ad' },
      keep: params('gclid=abc&step=9&answers.loanAmount=35000%2B'),
    })
    expect(Object.fromEntries(params(query.slice(1)))).toEqual({
      gclid: 'abc',
      utm_source: 'ad',
      step: '2',
      'answers.hadPcpFinance': 'yes',
      questionnaireVersion: '7',
      formStartedAt: '1700000000000',
    })
  })

  it('gives the first step with nothing answered no address of its own', () => {
    expect(
      stateQuery({ step: 0, answers: {}, result: null }, 7, { keep: params('utm_source=ad&step=3') }),
    ).toBe('?utm_source=ad')
  })

  it('reads back what it wrote, the result included', () => {
    const states = [
      { step: 2, answers: { hadPcpFinance: 'yes', purchaseDateRange: '2007-2010' }, result: null },
      { step: 3, answers: allAnswers, result: assess(spec, allAnswers) },
      { step: 0, answers: { hadPcpFinance: 'no' }, result: { outcome: 'not_eligible', estimate: 0 } },
    ] as const
    for (const state of states)
      expect(stateFromQuery(spec, params(stateQuery(state, 1).slice(1)))).toEqual(state)
  })

  it('never shows a step past an unanswered one, nor a result with answers missing', () => {
    expect(stateFromQuery(spec, params('step=4&answers.hadPcpFinance=yes'))).toMatchObject({ step: 1 })
    expect(stateFromQuery(spec, params('step=result&answers.hadPcpFinance=yes'))).toMatchObject({
      step: 1,
      result: null,
    })
    expect(stateFromQuery(spec, params('step=abc'))).toMatchObject({ step: 0 })
  })

  it('reads attribution under its own names', () => {
    expect(
      attributionFromQuery(params('utm_source=ad&landing_page=https%3A%2F%2Fx.example%2F&step=2')),
    ).toEqual({
      utm_source: 'ad',
      landing_page: 'https://x.example/',
    })
    expect(attributionFromQuery(params('step=2'))).toBeUndefined()
  })

  it('returning to an entry keeps the answers chosen since, the latest winning', () => {
    const entry = { step: 0, answers: { hadPcpFinance: 'yes' }, result: null }
    expect(revisit(spec, entry, { hadPcpFinance: 'yes', purchaseDateRange: '2011-2014' })).toEqual({
      step: 0,
      answers: { hadPcpFinance: 'yes', purchaseDateRange: '2011-2014' },
      result: null,
    })
    const result = { step: 3, answers: allAnswers, result: assess(spec, allAnswers) }
    expect(revisit(spec, result, { hadPcpFinance: 'no' })).toEqual({
      step: 0,
      answers: { hadPcpFinance: 'no' },
      result: { outcome: 'not_eligible', estimate: 0 },
    })
  })
})

describe('isQuestionnaireAddress', () => {
  it.each([
    ['/?step=2&answers.a=b', true],
    ['/?utm_source=x&step=result#calculator', true],
    ['/campaign?step=1', true],
    ['/', false],
    ['/?utm_source=x', false],
    ['/?steps=2', false],
    ['/#step=2', false],
  ])('%s → %s', (target, expected) => {
    expect(isQuestionnaireAddress(target)).toBe(expected)
  })
})
