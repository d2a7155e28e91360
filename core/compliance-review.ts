/**
 * The compliance review (docs/decisions/0078-compliance-review.md): every figure in a page's copy
 * is checked against the evidence it cites, and the copy against the FCA's rules for financial
 * promotions by claims firms (CMCOB 3.2.1R: fair, clear, not misleading). Pure: the server computes
 * the flags of saved pages, the builder those of the content being edited. A flag disappears when
 * its cause is fixed; the operator may instead accept it with a note (kept by the server).
 */

import { blockModels } from './blocks/models.ts'
import { readCompliance } from './compliance.ts'
import { formatPounds } from './money.ts'
import type { PageContent, Widget } from './page-content.ts'
import type { QuestionnaireDefinition } from './questionnaire/definition.ts'
import { publishProblems } from './questionnaire/publish-guard.ts'
import { settingValue } from './settings.ts'
import { sha256Hex } from './sha256.ts'
import { ADDRESS_KEYS, type FactValues, factKeysIn, resolveFacts } from './site-facts.ts'

/** An evidence item a block may cite: its anchor on the evidence page and everything it says. */
export type EvidenceSource = { id: string; title: string; text: string }

/** The site facts the rules compare figures with. */
export type ReviewFacts = {
  /** The FCA's average award per agreement, in pounds. */
  fcaAverage: number
  feePercentage: number
  feeCap: number
  firmName: string
  fcaNumber: string
}

export const reviewCodes = [
  'uncited-figure',
  'figure-not-in-evidence',
  'estimate-above-average',
  'fee-beyond-cap',
  'no-win-no-fee-without-free-route',
  'guarantee-claim',
  'missing-firm-details',
] as const
export type ReviewCode = (typeof reviewCodes)[number]

export type ReviewFlag = {
  /** Stable across edits elsewhere: a hash of the code, the block and the figure (or field). */
  id: string
  code: ReviewCode
  /** The widget's id; 'page' for the page as a whole, 'questionnaire' for the live questionnaire. */
  blockId: string
  field: string
  text: string
  message: string
}

/** One text of a block as the review reads it: markup stripped, with the evidence it cites. */
export type ReviewText = {
  blockId: string
  field: string
  text: string
  cites: readonly string[]
  /** Figures the text shows through `{{fact.key}}`: a site fact is kept with its source in Settings. */
  fromFacts?: readonly Figure[]
}

export type Figure = {
  raw: string
  kind: 'money' | 'percent' | 'count'
  value: number
}

const MAGNITUDES: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
}

// A number with a pound sign, a percent sign or a magnitude ("£1,500", "90%", "40M+", "14 million").
const FIGURE =
  /(£\s?)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:\s?(%|per ?cent)|\s?(thousand|million|billion|bn|mn)\b|(k|m|b)(?![a-z]))?(\+)?/gi
// "25-35%": the first number of a range takes the unit of the second.
const PERCENT_RANGE = /(\d+(?:\.\d+)?)\s?(?:-|–|to)\s?(\d+(?:\.\d+)?)\s?(?:%|per ?cent)/gi

/** Every statistic, money or percentage figure in a text, normalised to a kind and a number. */
export function figuresIn(text: string): Figure[] {
  const figures: Figure[] = []
  const ranged = new Set<number>()
  for (const m of text.matchAll(PERCENT_RANGE)) {
    figures.push({ raw: `${m[1]}%`, kind: 'percent', value: Number(m[1]) })
    ranged.add(m.index)
  }
  for (const m of text.matchAll(FIGURE)) {
    const [raw, pound, digits, percent, word, letter] = m
    if (ranged.has(m.index)) continue
    const before = text[m.index - 1] ?? ''
    if (/[\w.]/.test(before)) continue
    const magnitude = MAGNITUDES[(word ?? letter ?? '').toLowerCase()] ?? 1
    const value = Number((digits as string).replaceAll(',', '')) * magnitude
    if (percent) figures.push({ raw: raw.trim(), kind: 'percent', value })
    else if (pound) figures.push({ raw: raw.trim(), kind: 'money', value })
    else if (magnitude > 1) figures.push({ raw: raw.trim(), kind: 'count', value })
  }
  return figures
}

/** Whether two figures say the same thing, allowing for rounding ("14 million" and "14.2 million"). */
export const sameFigure = (a: Figure, b: Figure) =>
  a.kind === b.kind && Math.abs(a.value - b.value) <= Math.max(a.value, b.value) * 0.05

export const stripHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&pound;/g, '£')
    .replace(/&#39;|&rsquo;/g, '’')
    .replace(/\s+/g, ' ')
    .trim()

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')

/** Fields that size a block ("100%", "40px"): layout, not claims. */
const LAYOUT_KEYS: ReadonlySet<string> = new Set(['width', 'height'])

/**
 * Every text of a widget, found through its block model's fields (so a block added to the registry
 * is reviewed without more work). A list item's `evidence` key is that item's own citation.
 */
export function widgetTexts(widget: Widget, facts: FactValues = {}): ReviewText[] {
  const content = widget.content as Record<string, unknown>
  const cites = widget.cites ?? []
  const out: ReviewText[] = []
  const add = (field: string, value: unknown, html: boolean, own: readonly string[] = []) => {
    const raw = resolveFacts(str(value), { values: facts, unknown: 'keep' })
    const text = html ? stripHtml(raw) : raw.trim()
    const fromFacts = factKeysIn(str(value)).flatMap((key) => figuresIn(facts[key] ?? ''))
    if (text) out.push({ blockId: widget.id, field, text, cites: [...cites, ...own], fromFacts })
  }
  const model = blockModels[widget.type] as (typeof blockModels)[Widget['type']] | undefined
  for (const field of model?.fields ?? []) {
    if (!('key' in field) || LAYOUT_KEYS.has(field.key)) continue
    const value = content[field.key]
    if (field.kind === 'text' || field.kind === 'textarea') add(field.key, value, false)
    else if (field.kind === 'html') add(field.key, value, true)
    else if (field.kind === 'html-list' && Array.isArray(value))
      value.forEach((v, i) => {
        add(`${field.key}.${i}`, v, true)
      })
    else if (field.kind === 'list' && field.item !== 'image' && Array.isArray(value)) {
      const keys = field.item as readonly { key: string; kind?: string }[]
      value.forEach((item, i) => {
        if (typeof item !== 'object' || item === null) return
        const record = item as Record<string, unknown>
        const own = str(record.evidence) ? [str(record.evidence)] : []
        for (const { key, kind } of keys) {
          if (ADDRESS_KEYS.has(key) || key === 'evidence') continue
          add(`${field.key}.${i}.${key}`, record[key], kind === 'html', own)
        }
      })
    }
  }
  return out
}

/** The widgets of a page's content, in order; an HTML page is one text block. */
export function pageWidgets(content: PageContent): Widget[] {
  if (typeof content === 'string') {
    return content.trim() ? [{ id: 'page', type: 'text', content: { text: content }, styles: {} }] : []
  }
  return 'sections' in content ? content.sections.flatMap((s) => s.widgets) : content.widgets
}

/** Block types that collect a visitor's details: a page holding one is meant to generate leads. */
export const LEAD_BLOCK_TYPES: ReadonlySet<string> = new Set(['form', 'questionnaire'])

/** Blocks that are the evidence itself (the evidence page's cards): sources, not claims. */
export const SOURCE_BLOCK_TYPES: ReadonlySet<string> = new Set(['evidence'])

const ESTIMATE_WORDS =
  /\b(claim|claims|compensation|redress|estimate|award|owed|payout|refund|get back|entitled)\b/i
const FEE_WORDS = /\b(fee|fees|charge|charges|charged|charging)\b/i
const NO_WIN_NO_FEE = /\bno[\s-]+win,?[\s-]+no[\s-]+fee\b/i
const FREE_WORDS = /\b(for free|free of charge|without paying|at no cost|costs? (you )?nothing|free to)\b/i
const FREE_ROUTES = /\b(ombudsman|FOS|redress scheme|your lender|yourself)\b/i
const GUARANTEE =
  /\b(guarantee[ds]?|100% success|definitely (?:entitled|eligible|owed|win)|certain to (?:win|get|receive)|risk[- ]free)\b/i
const NEGATED = /\b(not|no|never|cannot|can't|cannot be|without)\s+(an?\s+)?$/i

export const flagId = (code: ReviewCode, blockId: string, detail: string) =>
  sha256Hex(`${code}|${blockId}|${detail}`).slice(0, 16)

const flag = (code: ReviewCode, t: ReviewText, detail: string, message: string): ReviewFlag => ({
  id: flagId(code, t.blockId, detail),
  code,
  blockId: t.blockId,
  field: t.field,
  text: t.text,
  message,
})

/** How to fix each kind of flag, shown beside it. */
export const reviewFixes: Record<ReviewCode, string> = {
  'uncited-figure':
    'Cite the evidence item that states this figure (Evidence in the block’s settings), change the figure, or accept it with a note.',
  'figure-not-in-evidence':
    'Change the figure to what the cited evidence says, cite the item that states it, or accept it with a note.',
  'estimate-above-average':
    'Lower the figure, cite evidence that states it, or accept it with a note explaining why it is fair.',
  'fee-beyond-cap':
    'State the fee within the fee percentage and cap set in Settings, or accept it with a note.',
  'no-win-no-fee-without-free-route':
    'Say on the same page that consumers can complain to their lender and the Financial Ombudsman Service, or use the FCA’s redress scheme, for free.',
  'guarantee-claim': 'Remove the promise: no outcome of a claim can be guaranteed.',
  'missing-firm-details':
    'Set the firm name and FCA reference number in Settings (the footer shows them), or show them on the page.',
}

/** The rules that read texts alone (shared by pages and the questionnaire). */
function textRules(
  texts: readonly ReviewText[],
  facts: ReviewFacts,
  evidence: readonly EvidenceSource[],
  cite: boolean,
) {
  const flags: ReviewFlag[] = []
  const evidenceFigures = new Map(evidence.map((e) => [e.id, figuresIn(`${e.title} ${e.text}`)]))
  const freeRouteStated = texts.some((t) => FREE_WORDS.test(t.text) && FREE_ROUTES.test(t.text))
  for (const t of texts) {
    const figures = figuresIn(t.text)
    const held = (f: Figure) =>
      (t.fromFacts ?? []).some((fact) => sameFigure(f, fact)) ||
      t.cites.some((id) => evidenceFigures.get(id)?.some((e) => sameFigure(f, e)))
    if (cite) {
      for (const f of figures) {
        if (held(f)) continue
        if (t.cites.length === 0)
          flags.push(flag('uncited-figure', t, f.raw, `“${f.raw}” cites no evidence.`))
        else {
          const names = t.cites.map((id) => evidence.find((e) => e.id === id)?.title ?? id).join('; ')
          flags.push(
            flag(
              'figure-not-in-evidence',
              t,
              f.raw,
              `“${f.raw}” is not in the evidence it cites (${names}).`,
            ),
          )
        }
      }
    }
    if (ESTIMATE_WORDS.test(t.text) && !FEE_WORDS.test(t.text)) {
      const above = figures.filter((f) => f.kind === 'money' && f.value > facts.fcaAverage && !held(f))
      const highest = above.sort((a, b) => b.value - a.value)[0]
      if (highest)
        flags.push(
          flag(
            'estimate-above-average',
            t,
            highest.raw,
            `“${highest.raw}” is above the FCA’s average award of ${formatPounds(facts.fcaAverage)} and has no evidence note.`,
          ),
        )
    }
    if (FEE_WORDS.test(t.text)) {
      const beyond = figures.find(
        (f) =>
          (f.kind === 'percent' && f.value > facts.feePercentage) ||
          (f.kind === 'money' && f.value > facts.feeCap),
      )
      if (beyond)
        flags.push(
          flag(
            'fee-beyond-cap',
            t,
            beyond.raw,
            `The fee “${beyond.raw}” is beyond the fee percentage of ${facts.feePercentage}% or the cap of ${formatPounds(facts.feeCap)}.`,
          ),
        )
    }
    if (NO_WIN_NO_FEE.test(t.text) && !freeRouteStated)
      flags.push(
        flag(
          'no-win-no-fee-without-free-route',
          t,
          t.field,
          '“No win, no fee” without saying consumers can claim for free themselves.',
        ),
      )
    const guarantee = GUARANTEE.exec(t.text)
    if (guarantee && !NEGATED.test(t.text.slice(0, guarantee.index)))
      flags.push(
        flag('guarantee-claim', t, guarantee[0].toLowerCase(), `“${guarantee[0]}” promises an outcome.`),
      )
  }
  return flags
}

export type PageReviewInput = {
  widgets: readonly Widget[]
  evidence: readonly EvidenceSource[]
  facts: ReviewFacts
  /** Fact values for `{{fact.key}}` placeholders in texts. */
  factValues?: FactValues
  /** Texts the page shows beyond its blocks (the site footer's), for the firm details. */
  footerText?: string
}

/** The flags of a page's blocks. */
export function reviewPage(input: PageReviewInput): ReviewFlag[] {
  const texts = input.widgets
    .filter((w) => !SOURCE_BLOCK_TYPES.has(w.type))
    .flatMap((w) => widgetTexts(w, input.factValues))
  const flags = textRules(texts, input.facts, input.evidence, true)
  if (input.widgets.some((w) => LEAD_BLOCK_TYPES.has(w.type))) {
    const shown = `${texts.map((t) => t.text).join(' ')} ${input.footerText ?? ''}`
    const name = input.facts.firmName.trim()
    const number = input.facts.fcaNumber.trim()
    const missing = [
      ...(name && shown.includes(name) ? [] : ['the firm’s name']),
      ...(number && shown.includes(number) ? [] : ['its FCA reference number']),
    ]
    if (missing.length)
      flags.push({
        id: flagId('missing-firm-details', 'page', 'firm'),
        code: 'missing-firm-details',
        blockId: 'page',
        field: '',
        text: '',
        message: `This page collects leads but does not show ${missing.join(' or ')}.`,
      })
  }
  return flags
}

/** The flags of a questionnaire version: its texts, and its estimates as the publish guard checks them. */
export function reviewQuestionnaire(input: {
  definition: QuestionnaireDefinition
  evidenceNote: string | null
  facts: ReviewFacts
}): ReviewFlag[] {
  const { definition } = input
  const t = (field: string, text: string): ReviewText => ({
    blockId: 'questionnaire',
    field,
    text,
    cites: [],
  })
  const texts = definition.questions.flatMap((q) => [
    t(`${q.id}.title`, q.title),
    ...(q.hint ? [t(`${q.id}.hint`, q.hint)] : []),
  ])
  // Option labels ("Up to £10,000") are bands, not claims: the estimate is checked below.
  const flags = textRules(texts, { ...input.facts, fcaAverage: Number.POSITIVE_INFINITY }, [], false)
  const problem = publishProblems(definition, {
    referenceAmount: input.facts.fcaAverage,
    evidenceNote: input.evidenceNote ?? '',
  }).find((p) => p.path === 'evidenceNote')
  if (problem)
    flags.push({
      id: flagId('estimate-above-average', 'questionnaire', 'estimate'),
      code: 'estimate-above-average',
      blockId: 'questionnaire',
      field: 'estimate',
      text: '',
      message: problem.message,
    })
  return flags
}

/** A flag's id across the site: its page (`page:{id}`) or `questionnaire`, and its id there. */
export const scopedFlagId = (scope: string, flag: Pick<ReviewFlag, 'id'>) =>
  sha256Hex(`${scope}|${flag.id}`).slice(0, 16)

/** The facts the rules compare figures with, from the site's settings. */
export function reviewFacts(settings: ReadonlyMap<string, string | null>): ReviewFacts {
  const compliance = readCompliance(settings)
  return {
    fcaAverage: settingValue(settings, 'fca_average_award'),
    feePercentage: compliance.feePercentage,
    feeCap: compliance.feeCap,
    firmName: compliance.firmName,
    fcaNumber: compliance.fcaNumber,
  }
}
