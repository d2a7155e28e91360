import { ExternalLink } from 'lucide-react'
import { evidenceModel } from '../../../core/blocks/evidence.ts'
import { linkHref } from '../../../core/links.ts'
import { defineBlock } from './define-block.ts'

/** Evidence cards, each at its anchor; every source opens in a new tab. */
export const evidenceBlock = defineBlock(evidenceModel, function EvidenceBlock({ content }) {
  return (
    <div className="space-y-6">
      {content.items.map((item) => {
        const href = linkHref(item.url)
        return (
          <article
            key={item.anchor}
            id={item.anchor}
            className="scroll-mt-24 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          >
            <h2 className="max-w-prose text-lg font-semibold leading-snug text-slate-900 sm:text-xl">
              {item.claim}
            </h2>
            <p className="mt-3 max-w-prose text-base leading-relaxed text-slate-700">{item.explanation}</p>
            <dl className="mt-4 max-w-prose space-y-2 border-t border-slate-200 pt-4 text-sm text-slate-700">
              {(
                [
                  ['Source', item.source],
                  ['Published', item.date],
                  ['Publisher', item.publisher],
                ] as const
              ).map(([term, value]) =>
                value ? (
                  <div key={term} className="sm:flex sm:gap-2">
                    <dt className="font-medium text-slate-900 sm:w-24 sm:shrink-0">{term}</dt>
                    <dd className="break-words">{value}</dd>
                  </div>
                ) : null,
              )}
            </dl>
            {href ? (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-4 inline-flex items-center gap-1.5 rounded-sm font-medium text-teal-700 underline underline-offset-2 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
              >
                View Source
                <span className="sr-only"> (opens in a new tab)</span>
                <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
              </a>
            ) : null}
          </article>
        )
      })}
    </div>
  )
})
