import { BadgeCheck, FileSearch, Headset } from 'lucide-react'
import { stepsModel } from '../../../core/blocks/steps.ts'
import { type BlockProps, defineBlock } from './define-block.ts'
import { RichHtml } from './text.tsx'

const icons = [FileSearch, BadgeCheck, Headset]

/** The steps in a reading column (the thank-you page's "What happens next"). */
function StepsList({ content }: { content: BlockProps<'steps'>['content'] }) {
  return (
    <div id={content.anchor || undefined} className="mt-10">
      <h2 className="font-bold text-2xl text-navy-900">{content.heading}</h2>
      <ol className="mt-6 grid gap-4">
        {content.items.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: positional list
          <li key={index} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-teal-700 font-bold text-white">
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold text-navy-900">{step.title}</h3>
              <p className="mt-1 text-slate-700">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      {content.noteTitle || content.note ? (
        <div className="mt-10 rounded-xl bg-navy-50 p-5 text-slate-800 text-sm leading-relaxed">
          {content.noteTitle ? (
            <h2 className="font-semibold text-base text-navy-900">{content.noteTitle}</h2>
          ) : null}
          <div className="mt-2 [&_a]:font-medium [&_a]:text-teal-800 [&_a]:underline [&_a]:underline-offset-2">
            <RichHtml html={content.note} lead={false} />
          </div>
        </div>
      ) : null}
    </div>
  )
}

export const stepsBlock = defineBlock(
  stepsModel,
  function StepsBlock({ id, content, style }) {
    const titleId = `${content.anchor || id}-title`
    if (content.layout === 'list') return <StepsList content={content} />
    return (
      <section
        id={content.anchor || undefined}
        tabIndex={content.anchor ? -1 : undefined}
        className="scroll-mt-16 py-12 sm:py-16"
        aria-labelledby={titleId}
        style={style}
      >
        <div className="mx-auto max-w-6xl px-4">
          <h2 id={titleId} className="font-bold text-2xl text-navy-900 sm:text-3xl">
            {content.heading}
          </h2>
          <ol className="mt-8 grid gap-6 sm:grid-cols-3">
            {content.items.map((step, index) => {
              const Icon = icons[index] ?? FileSearch
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: positional list
                <li key={index} className="rounded-xl border border-slate-200 p-6">
                  <div className="flex items-center gap-3">
                    <span className="flex size-10 items-center justify-center rounded-full bg-teal-700 font-bold text-white">
                      {index + 1}
                    </span>
                    <Icon className="size-6 text-teal-700" aria-hidden="true" />
                  </div>
                  <h3 className="mt-4 font-semibold text-lg text-navy-900">{step.title}</h3>
                  <p className="mt-2 text-slate-700">{step.text}</p>
                </li>
              )
            })}
          </ol>
          {content.noteTitle || content.note ? (
            <div className="mt-8 rounded-xl bg-navy-50 p-5 text-slate-800">
              {content.noteTitle ? (
                <h3 className="font-semibold text-navy-900">{content.noteTitle}</h3>
              ) : null}
              <div className="mt-2 max-w-prose [&_a]:font-medium [&_a]:text-teal-800 [&_a]:underline [&_a]:underline-offset-2">
                <RichHtml html={content.note} lead={false} />
              </div>
            </div>
          ) : null}
        </div>
      </section>
    )
  },
  ' > section',
)
