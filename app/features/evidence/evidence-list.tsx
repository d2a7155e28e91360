import { ExternalLink } from 'lucide-react'
import type { EvidenceItem } from '../../../core/evidence-items.ts'

export function EvidenceList({ items }: { items: EvidenceItem[] }) {
  return (
    <div className="space-y-6">
      {items.map((item) => (
        <article
          key={item.id}
          id={item.id}
          className="scroll-mt-24 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 className="max-w-prose text-lg font-semibold leading-snug text-slate-900 sm:text-xl">
            {item.claim}
          </h2>
          <p className="mt-3 max-w-prose text-base leading-relaxed text-slate-700">{item.explanation}</p>
          <dl className="mt-4 max-w-prose space-y-2 border-t border-slate-200 pt-4 text-sm text-slate-700">
            <div className="sm:flex sm:gap-2">
              <dt className="font-medium text-slate-900 sm:w-24 sm:shrink-0">Source</dt>
              <dd className="break-words">{item.source}</dd>
            </div>
            <div className="sm:flex sm:gap-2">
              <dt className="font-medium text-slate-900 sm:w-24 sm:shrink-0">Published</dt>
              <dd>{item.date}</dd>
            </div>
            <div className="sm:flex sm:gap-2">
              <dt className="font-medium text-slate-900 sm:w-24 sm:shrink-0">Publisher</dt>
              <dd>{item.publisher}</dd>
            </div>
          </dl>
          <a
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-flex items-center gap-1.5 rounded-sm font-medium text-teal-700 underline underline-offset-2 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
          >
            View Source
            <span className="sr-only"> (opens in a new tab)</span>
            <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
          </a>
        </article>
      ))}
    </div>
  )
}
