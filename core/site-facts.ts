/**
 * Site facts (docs/decisions/0076-site-facts.md): values used across pages and the questionnaire,
 * each read from one setting of the registry (core/settings.ts) and referenced as `{{fact.key}}`
 * in any text of a block, a questionnaire or a page's head, so that one change updates every page.
 * A block may also be shown only while a fact is set, or only while it is empty.
 */

import { blockModels } from './blocks/models.ts'
import { complianceKeys } from './compliance-keys.ts'
import { formatPounds } from './money.ts'
import type { PageContent, Widget } from './page-content.ts'
import type { QuestionnaireDefinition } from './questionnaire/definition.ts'
import { monthYear, type SettingKey, settingText, settingValue } from './settings.ts'

/** How a fact's value is written on a page. */
export type FactFormat = 'money' | 'percent' | 'month' | 'text'

export type FactDefinition = {
  key: string
  label: string
  description: string
  /** The setting it reads (its rule checks what the operator types). */
  setting: SettingKey
  format: FactFormat
}

/** Every fact, in the order the Site facts card and the pickers list them. */
export const siteFacts = [
  {
    key: 'fcaAverage',
    label: 'FCA average award',
    description: 'The FCA’s estimate of the average compensation per agreement, e.g. £829.',
    setting: 'fca_average_award',
    format: 'money',
  },
  {
    key: 'fcaAverageDate',
    label: 'Date of the FCA average',
    description: 'When the FCA published the average, e.g. March 2026.',
    setting: 'fca_average_date',
    format: 'month',
  },
  {
    key: 'schemeStatus',
    label: 'Redress scheme status',
    description:
      'Where the FCA’s redress scheme stands. Empty, it hides the blocks shown only while it is set.',
    setting: 'scheme_status',
    format: 'text',
  },
  {
    key: 'feeCap',
    label: 'Fee cap',
    description: 'The most the claims management company charges, in pounds.',
    setting: complianceKeys.feeCap,
    format: 'money',
  },
  {
    key: 'feePercentage',
    label: 'Fee percentage',
    description: 'The most it charges, as a percentage of the compensation including VAT.',
    setting: complianceKeys.feePercentage,
    format: 'percent',
  },
  {
    key: 'firmName',
    label: 'Firm name',
    description: 'The registered company name.',
    setting: complianceKeys.firmName,
    format: 'text',
  },
  {
    key: 'companyNumber',
    label: 'Company number',
    description: 'The Companies House number.',
    setting: complianceKeys.companyNumber,
    format: 'text',
  },
  {
    key: 'fcaNumber',
    label: 'FCA reference number',
    description: 'The firm’s FCA Firm Reference Number.',
    setting: complianceKeys.fcaNumber,
    format: 'text',
  },
  {
    key: 'fcaStatus',
    label: 'FCA status',
    description: 'How the FCA regulates the firm.',
    setting: complianceKeys.fcaStatus,
    format: 'text',
  },
] as const satisfies readonly FactDefinition[]

export type FactKey = (typeof siteFacts)[number]['key']
/** Each fact's value as pages show it ("£829", "March 2026"); an empty string while unset. */
export type FactValues = Readonly<Record<string, string>>

export const isFactKey = (key: string): key is FactKey => siteFacts.some((f) => f.key === key)

export function formatFact(format: FactFormat, value: unknown): string {
  const text = settingText(value).trim()
  if (!text) return ''
  switch (format) {
    case 'money':
      return formatPounds(Number(text))
    case 'percent':
      return `${text}%`
    case 'month':
      return monthYear(text)
    default:
      return text
  }
}

/** Every fact's value from the site settings (key → stored text). */
export function readFacts(settings: ReadonlyMap<string, string | null>): FactValues {
  return Object.fromEntries(
    siteFacts.map((fact) => [fact.key, formatFact(fact.format, settingValue(settings, fact.setting))]),
  )
}

/** The text an editor types (or the picker inserts) to show a fact. */
export const factPlaceholder = (key: string) => `{{fact.${key}}}`

const PLACEHOLDER = /\{\{\s*fact\.([A-Za-z0-9_]+)\s*\}\}/g

/**
 * How placeholders are resolved: with the site's values; on the site an unknown key renders empty,
 * in the builder it stays visible as typed (and the field warns).
 */
export type FactResolution = { values: FactValues; unknown: 'empty' | 'keep' }

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

/**
 * `text` with each `{{fact.key}}` replaced by the fact's value, in one pass (a value holding a
 * placeholder is not resolved again). In HTML (`html: true`) the value is escaped: a fact is text,
 * never markup.
 */
export function resolveFacts(text: string, resolution: FactResolution, html = false): string {
  if (!text.includes('{{')) return text
  return text.replace(PLACEHOLDER, (whole, key: string) => {
    const value = Object.hasOwn(resolution.values, key) ? resolution.values[key] : undefined
    if (value === undefined) return resolution.unknown === 'keep' ? whole : ''
    return html ? escapeHtml(value) : value
  })
}

/** The keys of every placeholder in `text`, known or not, each once. */
export function factKeysIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string))]
}

/** The keys of the placeholders in `text` that name no fact (the builder warns of them). */
export function unknownFactKeys(text: string): string[] {
  return factKeysIn(text).filter((key) => !isFactKey(key))
}

/** A block shown only while a fact is set, or only while it is empty; stored with the widget. */
export type FactCondition = { fact: string; when: 'set' | 'empty' }

export function readFactCondition(value: unknown): FactCondition | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { fact, when } = value as Record<string, unknown>
  if (typeof fact !== 'string' || !/^[A-Za-z0-9_]{1,60}$/.test(fact)) return undefined
  return when === 'set' || when === 'empty' ? { fact, when } : undefined
}

/** Whether a block with this condition shows; an unknown fact counts as empty. */
export function conditionHolds(condition: FactCondition | undefined, values: FactValues): boolean {
  if (!condition) return true
  const set = (values[condition.fact] ?? '').trim() !== ''
  return condition.when === 'set' ? set : !set
}

export function describeCondition(condition: FactCondition): string {
  const label = siteFacts.find((f) => f.key === condition.fact)?.label ?? condition.fact
  return condition.when === 'set'
    ? `Shown only while “${label}” is set`
    : `Shown only while “${label}” is empty`
}

/** Keys of list items that hold an address, never text: no fact is resolved in them. */
export const ADDRESS_KEYS: ReadonlySet<string> = new Set(['url', 'src', 'link', 'href', 'anchor', 'id'])

function resolveField(value: unknown, kind: 'text' | 'html', resolution: FactResolution): unknown {
  return typeof value === 'string' ? resolveFacts(value, resolution, kind === 'html') : value
}

/**
 * A widget's content with its placeholders resolved, field by field as its block model declares
 * them: text fields as text, rich-text fields as HTML (values escaped), list items' text fields.
 * Addresses are left alone. Any block added to the registry gets this from its fields.
 */
export function resolveWidgetFacts<W extends Widget>(widget: W, resolution: FactResolution): W {
  const content: Record<string, unknown> = { ...(widget.content as Record<string, unknown>) }
  for (const field of blockModels[widget.type].fields) {
    if (!('key' in field)) continue
    const value = content[field.key]
    switch (field.kind) {
      case 'text':
      case 'textarea':
        content[field.key] = resolveField(value, 'text', resolution)
        break
      case 'html':
        content[field.key] = resolveField(value, 'html', resolution)
        break
      case 'html-list':
        if (Array.isArray(value)) content[field.key] = value.map((v) => resolveField(v, 'html', resolution))
        break
      case 'list':
        if (Array.isArray(value) && field.item !== 'image') {
          const items = field.item as readonly { key: string; kind?: string }[]
          content[field.key] = value.map((item) => {
            if (typeof item !== 'object' || item === null) return item
            const next: Record<string, unknown> = { ...item }
            for (const { key, kind } of items) {
              if (ADDRESS_KEYS.has(key)) continue
              next[key] = resolveField(next[key], kind === 'html' ? 'html' : 'text', resolution)
            }
            return next
          })
        }
        break
      default:
        break
    }
  }
  return { ...widget, content } as W
}

/** The widgets a visitor sees: hidden ones dropped, placeholders resolved (server-side rendering). */
export function resolvePageFacts(content: PageContent, resolution: FactResolution): PageContent {
  if (typeof content === 'string') return resolveFacts(content, resolution, true)
  const visible = (widgets: Widget[]) =>
    widgets
      .filter((w) => conditionHolds(w.visibility, resolution.values))
      .map((w) => resolveWidgetFacts(w, resolution))
  if ('sections' in content)
    return { sections: content.sections.map((s) => ({ ...s, widgets: visible(s.widgets) })) }
  return { widgets: visible(content.widgets) }
}

/** A questionnaire's visitor-facing texts with their placeholders resolved. */
export function resolveDefinitionFacts(
  definition: QuestionnaireDefinition,
  resolution: FactResolution,
): QuestionnaireDefinition {
  const r = (text: string) => resolveFacts(text, resolution)
  const { estimate } = definition
  return {
    ...definition,
    questions: definition.questions.map((q) => ({
      ...q,
      title: r(q.title),
      ...(q.hint !== undefined ? { hint: r(q.hint) } : {}),
      options: q.options.map((o) => ({ ...o, label: r(o.label) })),
    })),
    rule: {
      ...definition.rule,
      guidance: definition.rule.guidance.map((g) => ({ ...g, title: r(g.title), text: r(g.text) })),
    },
    estimate: {
      ...estimate,
      disclosure: r(estimate.disclosure),
      ...(estimate.reference
        ? {
            reference: {
              ...estimate.reference,
              label: r(estimate.reference.label),
              source: r(estimate.reference.source),
            },
          }
        : {}),
    },
  }
}
