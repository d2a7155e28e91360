import { describe, expect, it } from 'vitest'
import type { BuilderContent, Widget } from './page-content.ts'
import { readWidget } from './page-content.ts'
import { specDefinition } from './questionnaire/spec-definition.ts'
import { DEFAULT_SCHEME_STATUS, settingValueError } from './settings.ts'
import {
  conditionHolds,
  type FactResolution,
  readFactCondition,
  readFacts,
  resolveDefinitionFacts,
  resolveFacts,
  resolvePageFacts,
  resolveWidgetFacts,
  siteFacts,
  unknownFactKeys,
} from './site-facts.ts'

const site = (values: Record<string, string>): FactResolution => ({ values, unknown: 'empty' })
const builder = (values: Record<string, string>): FactResolution => ({ values, unknown: 'keep' })

describe('readFacts', () => {
  it('formats each fact from its setting, with the defaults while unset', () => {
    const facts = readFacts(new Map([['scheme_status', DEFAULT_SCHEME_STATUS]]))
    expect(facts.fcaAverage).toBe('£829')
    expect(facts.fcaAverageDate).toBe('March 2026')
    expect(facts.schemeStatus).toContain('suspended')
    expect(facts.feePercentage).toMatch(/%$/)
    expect(facts.feeCap).toMatch(/^£/)
  })

  it('follows a changed setting, and an emptied scheme status is empty', () => {
    const facts = readFacts(
      new Map([
        ['fca_average_award', '950'],
        ['fca_average_date', '2027-02'],
        ['scheme_status', ''],
        ['fee_cap', '2500'],
      ]),
    )
    expect(facts).toMatchObject({
      fcaAverage: '£950',
      fcaAverageDate: 'February 2027',
      schemeStatus: '',
      feeCap: '£2,500',
    })
  })

  it('reads every fact from a setting the registry defines', () => {
    for (const fact of siteFacts) expect(settingValueError(fact.setting, '')).toBeUndefined()
  })

  it('validates the new settings by their rules', () => {
    expect(settingValueError('fca_average_award', 'lots')).toMatch(/whole number of pounds/)
    expect(settingValueError('fca_average_date', 'Smarch 2026')).toMatch(/must be a month/)
    expect(settingValueError('fca_average_date', 'March 2026')).toBeUndefined()
    expect(settingValueError('fca_average_date', '2026-03-30')).toBeUndefined()
  })
})

describe('resolveFacts', () => {
  it('replaces each placeholder with its value', () => {
    expect(
      resolveFacts(
        'About {{fact.fcaAverage}} ({{ fact.fcaAverageDate }})',
        site({ fcaAverage: '£829', fcaAverageDate: 'March 2026' }),
      ),
    ).toBe('About £829 (March 2026)')
  })

  it('escapes a value in HTML: a fact is text, never markup', () => {
    const values = { firmName: '<img src=x onerror=alert(1)> & "Co"' }
    expect(resolveFacts('<p>{{fact.firmName}}</p>', site(values), true)).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;</p>',
    )
    // As text (React escapes it on render) the value is unchanged.
    expect(resolveFacts('{{fact.firmName}}', site(values))).toBe(values.firmName)
  })

  it('renders an unknown key empty on the site and as typed in the builder', () => {
    expect(resolveFacts('a{{fact.nope}}b', site({}))).toBe('ab')
    expect(resolveFacts('a{{fact.nope}}b', builder({}))).toBe('a{{fact.nope}}b')
    expect(unknownFactKeys('{{fact.nope}} {{fact.fcaAverage}} {{fact.nope}}')).toEqual(['nope'])
  })

  it('resolves in one pass: a value holding a placeholder is not resolved again', () => {
    expect(resolveFacts('{{fact.a}}', site({ a: '{{fact.b}}', b: 'x' }))).toBe('{{fact.b}}')
  })

  it('leaves inherited object keys alone', () => {
    expect(resolveFacts('{{fact.constructor}}', site({}))).toBe('')
  })
})

describe('widgets', () => {
  const widget = (raw: unknown) => readWidget(raw) as Widget
  const values = { fcaAverage: '£829', firmName: 'A & B <Ltd>' }

  it('resolves text, rich-text, button and list fields, never addresses', () => {
    const heading = resolveWidgetFacts(
      widget({ type: 'heading', content: { text: 'Average {{fact.fcaAverage}}', level: 2 } }),
      site(values),
    )
    expect(heading.content).toMatchObject({ text: 'Average £829' })
    const text = resolveWidgetFacts(
      widget({ type: 'text', content: { text: '<p>{{fact.firmName}}</p>' } }),
      site(values),
    )
    expect(text.content).toEqual({ text: '<p>A &amp; B &lt;Ltd&gt;</p>' })
    const button = resolveWidgetFacts(
      widget({ type: 'button', content: { text: 'Get {{fact.fcaAverage}}', link: '/{{fact.fcaAverage}}' } }),
      site(values),
    )
    expect(button.content).toEqual({ text: 'Get £829', link: '/{{fact.fcaAverage}}' })
    const menu = resolveWidgetFacts(
      widget({ type: 'menu', content: { links: [{ text: '{{fact.firmName}}', url: '/{{fact.x}}' }] } }),
      site(values),
    )
    expect(menu.content).toEqual({ links: [{ text: 'A & B <Ltd>', url: '/{{fact.x}}' }] })
    const columns = resolveWidgetFacts(
      widget({ type: 'columns', content: { columns: 2, texts: ['<p>{{fact.fcaAverage}}</p>', '<p>x</p>'] } }),
      site(values),
    )
    expect(columns.content).toMatchObject({ texts: ['<p>£829</p>', '<p>x</p>'] })
  })

  it('reads a visibility rule stored with the widget, and drops a malformed one', () => {
    expect(widget({ type: 'divider', visibility: { fact: 'schemeStatus', when: 'set' } }).visibility).toEqual(
      {
        fact: 'schemeStatus',
        when: 'set',
      },
    )
    expect(
      widget({ type: 'divider', visibility: { fact: 'schemeStatus', when: 'maybe' } }),
    ).not.toHaveProperty('visibility')
    expect(readFactCondition({ fact: '<script>', when: 'set' })).toBeUndefined()
  })

  it('shows a block while its fact is set, or while it is empty', () => {
    const set = { fact: 'schemeStatus', when: 'set' } as const
    const empty = { fact: 'schemeStatus', when: 'empty' } as const
    expect(conditionHolds(undefined, {})).toBe(true)
    expect(conditionHolds(set, { schemeStatus: 'Suspended' })).toBe(true)
    expect(conditionHolds(set, { schemeStatus: '  ' })).toBe(false)
    expect(conditionHolds(empty, { schemeStatus: '' })).toBe(true)
    expect(conditionHolds(empty, { schemeStatus: 'Suspended' })).toBe(false)
    // An unknown fact counts as empty.
    expect(conditionHolds({ fact: 'nope', when: 'set' }, {})).toBe(false)
  })

  it('drops hidden widgets from a page and resolves the rest', () => {
    const content: BuilderContent = {
      sections: [
        {
          id: 's1',
          styles: {},
          widgets: [
            widget({
              id: 'a',
              type: 'heading',
              content: { text: '{{fact.schemeStatus}}' },
              visibility: { fact: 'schemeStatus', when: 'set' },
            }),
            widget({
              id: 'b',
              type: 'heading',
              content: { text: 'No news' },
              visibility: { fact: 'schemeStatus', when: 'empty' },
            }),
          ],
        },
      ],
    }
    const ids = (c: unknown) => (c as BuilderContent).sections[0]?.widgets.map((w) => w.id)
    expect(ids(resolvePageFacts(content, site({ schemeStatus: 'Suspended' })))).toEqual(['a'])
    expect(ids(resolvePageFacts(content, site({ schemeStatus: '' })))).toEqual(['b'])
  })
})

describe('resolveDefinitionFacts', () => {
  it('resolves question, hint, option, guidance and estimate texts', () => {
    const base = specDefinition
    const [first, ...rest] = base.questions
    if (!first) throw new Error('the SPEC set has questions')
    const definition = {
      ...base,
      questions: [
        { ...first, title: 'Average {{fact.fcaAverage}}?', hint: 'Since {{fact.fcaAverageDate}}' },
        ...rest,
      ],
      estimate: { ...base.estimate, disclosure: 'The FCA says about {{fact.fcaAverage}} on average.' },
    }
    const resolved = resolveDefinitionFacts(
      definition,
      site({ fcaAverage: '£829', fcaAverageDate: 'March 2026' }),
    )
    expect(resolved.questions[0]).toMatchObject({ title: 'Average £829?', hint: 'Since March 2026' })
    expect(resolved.estimate.disclosure).toBe('The FCA says about £829 on average.')
    // The rule and the answers it checks are untouched.
    expect(resolved.rule.eligibleWhen).toEqual(base.rule.eligibleWhen)
    expect(resolved.questions.map((q) => q.id)).toEqual(base.questions.map((q) => q.id))
  })
})
