import { pageTitleModel } from '../../../core/blocks/page-title.ts'
import { defineBlock } from './define-block.ts'

/** The reading pages' heading, as app/features/site/content-page.tsx draws it. */
export const pageTitleBlock = defineBlock(pageTitleModel, function PageTitleBlock({ content }) {
  return (
    <div className="mb-8">
      <h1 className="font-extrabold text-3xl text-navy-900 sm:text-4xl">{content.heading}</h1>
      {content.updated ? <p className="mt-2 text-slate-600 text-sm">{content.updated}</p> : null}
      {content.intro ? <div className="mt-4 max-w-prose text-lg text-slate-700">{content.intro}</div> : null}
    </div>
  )
})
