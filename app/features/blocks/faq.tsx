import { faqModel } from '../../../core/blocks/faq.ts'
import { defineBlock } from './define-block.ts'
import { RichHtml } from './text.tsx'

/**
 * A disclosure per question (`<details>`): the first open, several may be, with or without
 * JavaScript, and no script to ship for it.
 */
export const faqBlock = defineBlock(
  faqModel,
  function FaqBlock({ id, content, style }) {
    const titleId = `${content.anchor || id}-title`
    return (
      <section
        id={content.anchor || undefined}
        tabIndex={content.anchor ? -1 : undefined}
        className="scroll-mt-16 bg-slate-50 py-12 sm:py-16"
        aria-labelledby={content.heading ? titleId : undefined}
        style={style}
      >
        <div className="mx-auto max-w-3xl px-4">
          {content.heading ? (
            <h2 id={titleId} className="mb-8 font-bold text-2xl text-navy-900 sm:text-3xl">
              {content.heading}
            </h2>
          ) : null}
          <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {content.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: positional list
              <details key={index} open={index === 0} className="group">
                <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-navy-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                  <h3>{item.question}</h3>
                  <svg
                    xmlns="http://www.w3.org/2000/svg"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
                    aria-hidden="true"
                  >
                    <path d="m6 9 6 6 6-6" />
                  </svg>
                </summary>
                <div className="space-y-3 px-5 pb-5 text-slate-700 leading-relaxed [&_a]:text-teal-800 [&_a]:underline">
                  <RichHtml html={item.answer} lead={false} />
                </div>
              </details>
            ))}
          </div>
        </div>
      </section>
    )
  },
  ' > section',
)
