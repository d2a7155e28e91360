import { type EvidenceSource, pageWidgets } from '../../../core/compliance-review.ts'
import { readPageContent } from '../../../core/page-content.ts'
import { systemPageContent } from '../../../core/system-page-content.ts'
import type { Page } from '../../platform/index.ts'

/** The cards of a page's evidence blocks, as the review cites them. */
function evidenceCards(content: unknown): EvidenceSource[] {
  return pageWidgets(readPageContent(content)).flatMap((w) =>
    w.type === 'evidence'
      ? w.content.items
          .filter((item) => item.anchor)
          .map((item) => ({
            id: item.anchor,
            title: item.claim,
            text: [item.explanation, item.source, item.publisher, item.date].join(' '),
          }))
      : [],
  )
}

/**
 * The evidence items copy may cite: the cards of the published evidence page's evidence blocks
 * when it has any, else the shipped cards (core/system-page-content.ts).
 */
export function evidenceSources(published: ReadonlyMap<string, Page>): EvidenceSource[] {
  const cards = evidenceCards(published.get('evidence')?.content)
  return cards.length ? cards : evidenceCards(systemPageContent.evidence)
}
