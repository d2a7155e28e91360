import { describe, expect, it } from 'vitest'
import { readCites, readWidget } from './blocks/models.ts'
import {
  type EvidenceSource,
  figuresIn,
  pageWidgets,
  type ReviewFacts,
  reviewPage,
  reviewQuestionnaire,
  sameFigure,
  widgetTexts,
} from './compliance-review.ts'
import { readPageContent, type Widget } from './page-content.ts'
import { redressSchemeDefinition } from './questionnaire/redress-scheme-definition.ts'
import { systemPageContent } from './system-page-content.ts'

const facts: ReviewFacts = { fcaAverage: 829, feePercentage: 30, feeCap: 10_000, firmName: '', fcaNumber: '' }
const evidence: EvidenceSource[] = [
  {
    id: 'impact',
    title: 'About 14 million agreements',
    text: 'It estimated 14.2 million agreements, average £700.',
  },
  { id: 'harm', title: 'Harm', text: 'Around £300m a year in extra interest.' },
]
const text = (id: string, body: string, cites?: string[]): Widget =>
  readWidget({ id, type: 'text', content: { text: body }, ...(cites ? { cites } : {}) }) as Widget
const codes = (widgets: Widget[], f: ReviewFacts = facts) =>
  reviewPage({ widgets, evidence, facts: f }).map((flag) => flag.code)

describe('figuresIn', () => {
  it('normalises magnitudes, money and percentages', () => {
    expect(figuresIn('40M+ agreements, £16.8B a year, 90% of them')).toEqual([
      { raw: '40M+', kind: 'count', value: 40e6 },
      { raw: '£16.8B', kind: 'money', value: 16.8e9 },
      { raw: '90%', kind: 'percent', value: 90 },
    ])
    expect(figuresIn('around 14 million and £300m and £1,500')).toEqual([
      { raw: '14 million', kind: 'count', value: 14e6 },
      { raw: '£300m', kind: 'money', value: 300e6 },
      { raw: '£1,500', kind: 'money', value: 1500 },
    ])
  })
  it('reads both ends of a percentage range and ignores plain numbers', () => {
    expect(figuresIn('usually 25-35% of it').map((f) => f.value)).toEqual([25, 35])
    expect(figuresIn('6 years from 2007, within 24 hours')).toEqual([])
  })
  it('treats "14M" and "14 million" as the same figure, "40M" not', () => {
    const [a] = figuresIn('14M')
    const [b] = figuresIn('14.2 million')
    const [c] = figuresIn('40M+')
    expect(a && b && sameFigure(a, b)).toBe(true)
    expect(c && b && sameFigure(c, b)).toBe(false)
  })
})

describe('reviewPage', () => {
  it('flags a figure that cites nothing', () => {
    expect(codes([text('a', '<p>40M+ agreements affected</p>')])).toEqual(['uncited-figure'])
  })
  it('flags a figure the cited item does not contain, and clears one it does', () => {
    expect(codes([text('a', '40M+ agreements affected', ['impact'])])).toEqual(['figure-not-in-evidence'])
    expect(codes([text('a', '£16.8B annual market', ['harm'])])).toEqual(['figure-not-in-evidence'])
    expect(codes([text('a', '14M agreements affected', ['impact'])])).toEqual([])
    expect(codes([text('a', '£300m a year', ['harm'])])).toEqual([])
  })
  it('reads the texts of list items through the block’s fields, never their addresses', () => {
    const widget = {
      id: 's',
      type: 'menu',
      content: { links: [{ text: '90% used discretionary rates', url: '/' }] },
      styles: {},
    } as Widget
    expect(widgetTexts(widget).map((t) => t.text)).toEqual(['90% used discretionary rates'])
  })
  it('flags an estimate above the FCA average without evidence, once per text', () => {
    const flags = reviewPage({
      widgets: [text('a', 'Typical claims range from £1,000 to £5,000 per agreement.', ['impact'])],
      evidence,
      facts,
    })
    expect(flags.map((f) => f.code)).toContain('estimate-above-average')
    expect(flags.filter((f) => f.code === 'estimate-above-average')).toHaveLength(1)
    expect(codes([text('a', 'Average redress is around £700.', ['impact'])])).toEqual([])
  })
  it('flags a fee beyond the percentage or the cap', () => {
    expect(codes([text('a', 'Its fee, usually 25-35% of any compensation, applies.')])).toContain(
      'fee-beyond-cap',
    )
    expect(codes([text('a', 'Its fee is at most 30% of the award.')])).toEqual(['uncited-figure'])
    expect(codes([text('a', 'We charge a fee of £12,000.')])).toContain('fee-beyond-cap')
  })
  it('flags "no win, no fee" unless the page says consumers can claim free', () => {
    expect(codes([text('a', 'We work on a no-win, no-fee basis.')])).toEqual([
      'no-win-no-fee-without-free-route',
    ])
    expect(
      codes([
        text('a', 'We work on a no win no fee basis.'),
        text('b', 'You can complain to the Financial Ombudsman Service yourself for free.'),
      ]),
    ).toEqual([])
  })
  it('flags a guarantee, not its denial', () => {
    expect(codes([text('a', 'Compensation guaranteed!')])).toEqual(['guarantee-claim'])
    expect(codes([text('a', 'You are definitely entitled to money back.')])).toEqual(['guarantee-claim'])
    expect(codes([text('a', 'The estimate is a guide, not a guarantee.')])).toEqual([])
  })
  it('flags a lead page without the firm’s name and FCA number', () => {
    const form = readWidget({ id: 'f', type: 'form', content: {} }) as Widget
    expect(codes([form])).toEqual(['missing-firm-details'])
    expect(codes([form], { ...facts, firmName: 'Acme Ltd', fcaNumber: '123456' })).toEqual([
      'missing-firm-details',
    ])
    expect(
      reviewPage({
        widgets: [form],
        evidence,
        facts: { ...facts, firmName: 'Acme Ltd', fcaNumber: '123456' },
        footerText: 'Acme Ltd, FCA 123456',
      }),
    ).toEqual([])
    expect(codes([text('a', 'Hello')])).toEqual([])
  })
  it('gives a flag an id that holds while other blocks change', () => {
    const [first] = reviewPage({ widgets: [text('a', '40M+')], evidence, facts })
    const [second] = reviewPage({
      widgets: [text('b', 'Intro'), text('a', 'Now 40M+ of them')],
      evidence,
      facts,
    })
    expect(first?.id).toBe(second?.id)
  })
})

describe('citations', () => {
  it('are read as evidence anchors, without repeats or junk', () => {
    expect(readCites(['widespread-impact', 'widespread-impact', 'Bad Id', 3, 'consumer-harm'])).toEqual([
      'widespread-impact',
      'consumer-harm',
    ])
    expect(readWidget({ id: 'a', type: 'text', content: {}, cites: 'x' })).not.toHaveProperty('cites')
  })
})

describe('reviewQuestionnaire', () => {
  it('flags estimates above the average without an evidence note, like the publish guard', () => {
    const high = {
      ...redressSchemeDefinition,
      estimate: { ...redressSchemeDefinition.estimate, fallback: 5000 },
    }
    expect(reviewQuestionnaire({ definition: high, evidenceNote: null, facts }).map((f) => f.code)).toEqual([
      'estimate-above-average',
    ])
    expect(
      reviewQuestionnaire({
        definition: high,
        evidenceNote: 'The FCA’s own sample shows £5,000 awards.',
        facts,
      }),
    ).toEqual([])
  })
})

describe('evidence blocks', () => {
  it('are the sources, never reviewed as claims', () => {
    const cards = {
      id: 'cards',
      type: 'evidence',
      content: { items: [{ anchor: 'a', claim: 'About 14 million', explanation: '£300m a year' }] },
      styles: {},
    } as unknown as Widget
    expect(reviewPage({ widgets: [cards], evidence, facts })).toEqual([])
  })
})

describe('layout fields', () => {
  it('reads no claim in an image’s width or a spacer’s height', () => {
    const image = readWidget({ id: 'i', type: 'image', content: { src: '/a.png', alt: 'A', width: '100%' } })
    const spacer = readWidget({ id: 's', type: 'spacer', content: { height: '40px' } })
    expect(codes([image as Widget, spacer as Widget])).toEqual([])
  })
})

describe('figures from site facts', () => {
  it('counts a figure shown through {{fact.key}} as sourced, the same figure typed as uncited', () => {
    const factValues = { fcaAverage: '£829' }
    const review = (body: string) =>
      reviewPage({ widgets: [text('t', body)], evidence, facts, factValues }).map((flag) => flag.code)
    expect(review('The FCA average is {{fact.fcaAverage}}.')).toEqual([])
    expect(review('The FCA average is £829.')).toEqual(['uncited-figure'])
    // Only the fact's own figure: another beside it still needs evidence.
    expect(review('Between {{fact.fcaAverage}} and £2,000.')).toEqual(['uncited-figure'])
  })
})

describe('the shipped home page', () => {
  const widgets = pageWidgets(readPageContent(systemPageContent.home))
  const cards = pageWidgets(readPageContent(systemPageContent.evidence)).flatMap((w) =>
    w.type === 'evidence'
      ? w.content.items.map((c) => ({ id: c.anchor, title: c.claim, text: `${c.explanation} ${c.source}` }))
      : [],
  )
  const flags = reviewPage({ widgets, evidence: cards, facts })
  const of = (code: string) => flags.filter((f) => f.code === code).map((f) => `${f.blockId} ${f.text}`)

  it('cites its statistics through each item’s evidence anchor, and they contradict the cards', () => {
    expect(of('figure-not-in-evidence')).toEqual(['stats 40M+', 'stats 90%', 'stats £16.8B'])
    expect(of('uncited-figure')).not.toContain('stats 40M+')
  })

  it('estimates above the FCA average, states a fee beyond the cap and lacks the firm’s details', () => {
    expect(of('estimate-above-average')).toEqual([expect.stringMatching(/^faq Typical claims range/)])
    expect(flags.find((f) => f.code === 'fee-beyond-cap')?.message).toMatch(/“35%”/)
    expect(of('missing-firm-details')).toEqual(['page '])
    expect(of('no-win-no-fee-without-free-route')).toEqual([])
  })
})
