import { useState } from 'react'
import { faqs } from '../../../core/home-content.ts'

/** Disclosure buttons (the first answer open, several may be): a plain button and region each. */
export function Faq() {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set([0]))
  // Fixed ids, not useId: the islands script hydrates this on its own, where useId would differ.
  const id = 'faq'
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current)
      if (!next.delete(index)) next.add(index)
      return next
    })
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {faqs.map((item, index) => {
        const expanded = open.has(index)
        return (
          <div key={item.question} data-state={expanded ? 'open' : 'closed'}>
            <h3>
              <button
                type="button"
                id={`${id}-q${index}`}
                aria-expanded={expanded}
                aria-controls={`${id}-a${index}`}
                onClick={() => toggle(index)}
                data-state={expanded ? 'open' : 'closed'}
                className="group flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-navy-900 hover:bg-slate-50"
              >
                {item.question}
                <svg
                  xmlns="http://www.w3.org/2000/svg"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  className="size-5 shrink-0 text-slate-600 transition-transform group-data-[state=open]:rotate-180"
                  aria-hidden="true"
                >
                  <path d="m6 9 6 6 6-6" />
                </svg>
              </button>
            </h3>
            <section
              id={`${id}-a${index}`}
              aria-labelledby={`${id}-q${index}`}
              hidden={!expanded}
              className="px-5 pb-5 text-slate-700 leading-relaxed"
            >
              {item.answer}
            </section>
          </div>
        )
      })}
    </div>
  )
}
