import type { EvidenceSource } from '../../../core/compliance-review.ts'
import { evidenceItems } from '../../../core/evidence-items.ts'
import type { Page } from '../../platform/index.ts'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const str = (value: unknown) => (typeof value === 'string' ? value : '')

/** Block types that hold evidence cards (each item: anchor, claim, explanation, source…). */
const EVIDENCE_BLOCKS = new Set(['evidence', 'evidence-cards'])

function storedWidgets(content: unknown): Record<string, unknown>[] {
  if (!isRecord(content)) return []
  const sections = Array.isArray(content.sections) ? content.sections.filter(isRecord) : [content]
  return sections.flatMap((s) => (Array.isArray(s.widgets) ? s.widgets.filter(isRecord) : []))
}

/**
 * The evidence items copy may cite: the cards of the published evidence page's evidence blocks
 * when it has any, else the shipped list (core/evidence-items.ts). Read from the stored content, so
 * any block type holding cards counts whether or not this build renders it.
 */
export function evidenceSources(published: ReadonlyMap<string, Page>): EvidenceSource[] {
  const page = published.get('evidence')
  const cards = storedWidgets(page?.content)
    .filter((w) => EVIDENCE_BLOCKS.has(str(w.type)) && isRecord(w.content))
    .flatMap((w) => {
      const items = (w.content as Record<string, unknown>).items
      return Array.isArray(items) ? items.filter(isRecord) : []
    })
    .filter((item) => str(item.anchor))
    .map((item) => ({
      id: str(item.anchor),
      title: str(item.claim),
      text: [item.explanation, item.source, item.publisher, item.date].map(str).join(' '),
    }))
  if (cards.length) return cards
  return evidenceItems.map((item) => ({
    id: item.id,
    title: item.claim,
    text: [item.explanation, item.source, item.publisher, item.date].join(' '),
  }))
}
