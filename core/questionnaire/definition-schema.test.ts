import { describe, expect, it } from 'vitest'
import { formatPath, LIMITS, parseDefinition } from './definition-schema.ts'
import { publishProblems } from './publish-guard.ts'
import { FCA_AVERAGE_AWARD, redressSchemeDefinition } from './redress-scheme-definition.ts'
import { specDefinition } from './spec-definition.ts'

// A mutable copy to break one thing at a time.
// biome-ignore lint/suspicious/noExplicitAny: tests build invalid definitions on purpose
type Loose = any
const scheme = (): Loose => structuredClone(redressSchemeDefinition)
const spec = (): Loose => structuredClone(specDefinition)

describe('the shipped definitions', () => {
  it.each([
    ['SPEC', specDefinition],
    ['redress scheme', redressSchemeDefinition],
  ])('the %s definition passes the schema unchanged', (_, def) => {
    expect(parseDefinition(def)).toEqual({ ok: true, definition: def })
  })
})

const problemsOf = (input: unknown) => {
  const result = parseDefinition(input)
  return result.ok ? [] : result.problems
}

describe('an answer that ends the questionnaire', () => {
  it('may lead to a guidance entry of the rule', () => {
    const d = scheme()
    d.questions[0].options[3].ends = { outcome: 'guidance', guidance: 'already-complained' }
    expect(problemsOf(d)).toEqual([])
  })

  it.each<[string, unknown, string, RegExp]>([
    [
      'a guidance id the rule does not have',
      { outcome: 'guidance', guidance: 'nowhere' },
      'questions[0].options[3].ends.guidance',
      /"nowhere", which is not a guidance entry/,
    ],
    ['an outcome other than the two', { outcome: 'eligible' }, 'questions[0].options[3].ends', /./],
    [
      'not_eligible with a guidance id',
      { outcome: 'not_eligible', guidance: 'already-complained' },
      'questions[0].options[3].ends',
      /./,
    ],
  ])('refuses %s', (_, ends, path, message) => {
    const d = scheme()
    d.questions[0].options[3].ends = ends
    const problems = problemsOf(d)
    const problem = problems.find((p) => p.path.startsWith(path))
    expect(problem?.message).toMatch(message)
  })
})

describe('definition errors name the place and say what is wrong', () => {
  it.each<[string, () => unknown, string, RegExp]>([
    [
      'a duplicate question id',
      () => {
        const d = scheme()
        d.questions[2].id = 'product'
        d.questions[2].showWhen = undefined
        return d
      },
      'questions[2].id',
      /"product" is already used by question 1/,
    ],
    [
      'a duplicate option value',
      () => {
        const d = spec()
        d.questions[1].options[1].value = '2007-2010'
        return d
      },
      'questions[1].options[1].value',
      /"2007-2010" appears twice in question 2 \("purchaseDateRange"\)/,
    ],
    [
      'a condition on a later question',
      () => {
        const d = scheme()
        d.questions[1].showWhen = { question: 'lender', in: ['other'] }
        return d
      },
      'questions[1].showWhen.question',
      /"lender", which is not an earlier question/,
    ],
    [
      'a condition on the question itself',
      () => {
        const d = scheme()
        d.questions[1].showWhen = { question: 'agreementDate', in: ['after-2024-11'] }
        return d
      },
      'questions[1].showWhen.question',
      /not an earlier question/,
    ],
    [
      'a condition on an unknown option',
      () => {
        const d = scheme()
        d.questions[1].showWhen = { question: 'product', in: ['pcp', 'loan'] }
        return d
      },
      'questions[1].showWhen.in[1]',
      /"loan" is not an option of "product"/,
    ],
    [
      'a condition with no values',
      () => {
        const d = scheme()
        d.questions[1].showWhen = { question: 'product', in: [] }
        return d
      },
      'questions[1].showWhen.in',
      /at least one value/,
    ],
    [
      'a condition of an unknown form',
      () => {
        const d = scheme()
        d.questions[1].showWhen = { question: 'product', equals: 'pcp' }
        return d
      },
      'questions[1].showWhen',
      /must be a condition: \{ question, in \}/,
    ],
    [
      'a condition that is a regex',
      () => {
        const d = scheme()
        d.rule.eligibleWhen = { question: 'product', matches: '^p' }
        return d
      },
      'rule.eligibleWhen',
      /must be a condition/,
    ],
    [
      'an empty "all"',
      () => {
        const d = spec()
        d.rule.eligibleWhen = { all: [] }
        return d
      },
      'rule.eligibleWhen.all',
      /at least one condition/,
    ],
    [
      'conditions nested too deep',
      () => {
        const d = spec()
        let c: Loose = { question: 'hadPcpFinance', in: ['yes'] }
        for (let i = 0; i < LIMITS.conditionDepth; i++) c = { not: c }
        d.rule.eligibleWhen = c
        return d
      },
      `rule.eligibleWhen${'.not'.repeat(LIMITS.conditionDepth)}`,
      /at most 5 levels/,
    ],
    [
      'a rule on an unknown question',
      () => {
        const d = spec()
        d.rule.eligibleWhen.all[1].question = 'commission'
        return d
      },
      'rule.eligibleWhen.all[1].question',
      /"commission", which is not a question of this questionnaire/,
    ],
    [
      'a rule on an unknown option',
      () => {
        const d = spec()
        d.rule.eligibleWhen.all[0].in = ['Yes']
        return d
      },
      'rule.eligibleWhen.all[0].in[0]',
      /"Yes" is not an option of "hadPcpFinance"/,
    ],
    [
      'a guidance rule on an unknown option',
      () => {
        const d = scheme()
        d.rule.guidance[0].when.in = ['maybe']
        return d
      },
      'rule.guidance[0].when.in[0]',
      /"maybe" is not an option of "alreadyComplained"/,
    ],
    [
      'a duplicate guidance id',
      () => {
        const d = scheme()
        d.rule.guidance[1].id = d.rule.guidance[0].id
        return d
      },
      'rule.guidance[1].id',
      /used twice/,
    ],
    [
      'an estimate keyed by an unknown question',
      () => {
        const d = spec()
        d.estimate.keys = ['loan']
        return d
      },
      'estimate.keys[0]',
      /keyed by "loan", which is not a question/,
    ],
    [
      'an estimate keyed by three questions',
      () => {
        const d = spec()
        d.estimate.keys = ['loanAmount', 'hadPcpFinance', 'purchaseDateRange']
        return d
      },
      'estimate.keys',
      /keyed by 1 or 2 questions/,
    ],
    [
      'the same key twice',
      () => {
        const d = spec()
        d.estimate.keys = ['loanAmount', 'loanAmount']
        return d
      },
      'estimate.keys[1]',
      /must be different questions/,
    ],
    [
      'a missing cell',
      () => {
        const d = spec()
        d.estimate.cells.pop()
        return d
      },
      'estimate.cells',
      /no amount for loanAmount = "£35,000\+"/,
    ],
    [
      'a missing cell in a two-key table',
      () => {
        const d = spec()
        d.estimate.keys = ['hadPcpFinance', 'loanAmount']
        d.estimate.cells = d.estimate.cells.map((c: Loose) => ({
          values: ['yes', ...c.values],
          amount: c.amount,
        }))
        return d
      },
      'estimate.cells',
      /no amount for hadPcpFinance = "No" and loanAmount = "£5,000 - £15,000"/,
    ],
    [
      'a cell with an unknown value',
      () => {
        const d = spec()
        d.estimate.cells[3].values = ['35000-plus']
        return d
      },
      'estimate.cells[3].values[0]',
      /"35000-plus" is not an option of "loanAmount"/,
    ],
    [
      'a cell with the wrong number of values',
      () => {
        const d = spec()
        d.estimate.cells[0].values = ['5000-15000', 'yes']
        return d
      },
      'estimate.cells[0].values',
      /needs 1 value, one per key/,
    ],
    [
      'two cells for the same answers',
      () => {
        const d = spec()
        d.estimate.cells.push({ values: ['35000+'], amount: 1 })
        return d
      },
      'estimate.cells[4]',
      /two estimates for 35000\+/,
    ],
    [
      'a negative amount',
      () => {
        const d = spec()
        d.estimate.cells[0].amount = -1
        return d
      },
      'estimate.cells[0].amount',
      /cannot be negative/,
    ],
    [
      'pence instead of pounds',
      () => {
        const d = spec()
        d.estimate.fallback = 20.5
        return d
      },
      'estimate.fallback',
      /whole number of pounds/,
    ],
    [
      'an amount as text',
      () => {
        const d = spec()
        d.estimate.cells[0].amount = '1500'
        return d
      },
      'estimate.cells[0].amount',
      /must be a number of pounds/,
    ],
    [
      'a missing disclosure',
      () => {
        const d = spec()
        d.estimate.disclosure = '   '
        return d
      },
      'estimate.disclosure',
      /disclosure shown beside the estimate must be at least 20 characters/,
    ],
    [
      'a reference without https',
      () => {
        const d = scheme()
        d.estimate.reference.url = 'http://example.org'
        return d
      },
      'estimate.reference.url',
      /must start with https/,
    ],
    [
      'a reference date that does not exist',
      () => {
        const d = scheme()
        d.estimate.reference.date = '2026-02-30'
        return d
      },
      'estimate.reference.date',
      /not a real date/,
    ],
    [
      'a question with one option',
      () => {
        const d = spec()
        d.questions[0].options.pop()
        return d
      },
      'questions[0].options',
      /at least 2 options/,
    ],
    [
      'too many questions',
      () => {
        const d = spec()
        d.questions = Array.from({ length: LIMITS.questions + 1 }, (_, i) => ({
          ...d.questions[0],
          id: `q${i}`,
        }))
        return d
      },
      'questions',
      /at most 20 questions/,
    ],
    [
      'an id with spaces',
      () => {
        const d = spec()
        d.questions[0].id = 'had pcp'
        return d
      },
      'questions[0].id',
      /must start with a letter and use only letters, digits/,
    ],
    [
      'a title too long',
      () => {
        const d = spec()
        d.questions[0].title = 'x'.repeat(LIMITS.title + 1)
        return d
      },
      'questions[0].title',
      /at most 200 characters/,
    ],
    [
      'a title on two lines',
      () => {
        const d = spec()
        d.questions[0].title = 'Line one\nline two'
        return d
      },
      'questions[0].title',
      /on one line/,
    ],
    [
      'a label with a control character',
      () => {
        const d = spec()
        d.questions[0].options[0].label = 'Yes\u202e'
        return d
      },
      'questions[0].options[0].label',
      /characters that are not allowed/,
    ],
    [
      'a missing rule',
      () => {
        const d = spec()
        delete d.rule
        return d
      },
      'rule',
      /^The rule is required$/,
    ],
    [
      'a question that is not an object',
      () => {
        const d = spec()
        d.questions[1] = 'When?'
        return d
      },
      'questions[1]',
      /^The question must be an object$/,
    ],
    [
      'a missing eligibility condition',
      () => {
        const d = spec()
        delete d.rule.eligibleWhen
        return d
      },
      'rule.eligibleWhen',
      /^The condition is required$/,
    ],
    [
      'an unknown field',
      () => {
        const d = spec()
        d.questions[0].script = 'alert(1)'
        return d
      },
      'questions[0]',
      /script/,
    ],
  ])('%s', (_, build, path, message) => {
    const problems = problemsOf(build())
    const found = problems.find((p) => p.path === path)
    expect(found, JSON.stringify(problems)).toBeDefined()
    expect(found?.message).toMatch(message)
  })

  it.each([
    null,
    'text',
    {},
    { questions: 'x' },
    { questions: [{}], rule: null, estimate: {} },
    {
      ...redressSchemeDefinition,
      estimate: { ...redressSchemeDefinition.estimate, cells: [{ values: 'x' }] },
    },
    { ...redressSchemeDefinition, questions: [...redressSchemeDefinition.questions, 5] },
  ])('reports, never throws, on %j', (input) => {
    expect(problemsOf(input).length).toBeGreaterThan(0)
  })
})

describe('formatPath', () => {
  it.each<[PropertyKey[], string]>([
    [[], ''],
    [['estimate'], 'estimate'],
    [['questions', 2, 'options', 0, 'value'], 'questions[2].options[0].value'],
  ])('%j', (path, expected) => {
    expect(formatPath(path)).toBe(expected)
  })
})

describe('publishProblems', () => {
  const note = 'Our panel firm’s 2025 results: median award £1,900 over 2,400 settled claims.'
  const withAmount = (amount: number) => {
    const d = scheme()
    d.estimate.cells[1].amount = amount
    return d
  }
  it.each<[string, unknown, Parameters<typeof publishProblems>[1], RegExp | null]>([
    ['the scheme set at the FCA average', redressSchemeDefinition, {}, null],
    ['the average exactly', withAmount(829), {}, null],
    ['a pound over, no note', withAmount(830), {}, /highest estimate, £830, is above the reference of £829/],
    ['a pound over, with a note', withAmount(830), { evidenceNote: note }, null],
    ['a note of blanks', withAmount(830), { evidenceNote: ' '.repeat(40) }, /needs an evidence note/],
    ['a note too short', withAmount(830), { evidenceNote: 'trust me' }, /at least 20 characters/],
    ['a note too long', redressSchemeDefinition, { evidenceNote: 'x'.repeat(2001) }, /at most 2000/],
    ['the SPEC set, no note', specDefinition, {}, /£5,000, is above the reference of £829 \(FCA estimate/],
    ['the SPEC set, with a note', specDefinition, { evidenceNote: note }, null],
    ['a configured reference above every estimate', specDefinition, { referenceAmount: 5000 }, null],
    [
      'a configured reference below the fallback',
      (() => {
        const d = scheme()
        d.estimate.fallback = 900
        return d
      })(),
      {},
      /£900, is above/,
    ],
    [
      'a configured reference below them',
      redressSchemeDefinition,
      { referenceAmount: 500 },
      /reference of £500:/,
    ],
  ])('%s', (_, def, options, message) => {
    const problems = publishProblems(def, options)
    if (message === null) expect(problems).toEqual([])
    else expect(problems).toEqual([{ path: 'evidenceNote', message: expect.stringMatching(message) }])
  })

  it('reports schema problems first', () => {
    const d = spec()
    d.estimate.cells.pop()
    expect(publishProblems(d, { evidenceNote: note })).toEqual([
      { path: 'estimate.cells', message: expect.stringMatching(/no amount for loanAmount/) },
    ])
  })

  it('defaults to the FCA average when the definition has no reference', () => {
    expect(specDefinition.estimate).not.toHaveProperty('reference')
    expect(FCA_AVERAGE_AWARD.amount).toBe(829)
  })
})
