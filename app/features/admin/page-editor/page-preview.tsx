import { type PageContent, readPageContent } from '../../../../core/page-content.ts'
import { PageSections } from '../../site/page-sections.tsx'
import { usePageRenderContext } from '../media/use-page-render-context.ts'
import { contentForSubmit } from './page-form.ts'

const isEmpty = (content: PageContent) =>
  typeof content === 'string'
    ? !content.trim()
    : 'sections' in content
      ? content.sections.every((s) => !s.widgets?.length)
      : !content.widgets?.length

/**
 * The Preview sub-tab: the unsaved content read as the server reads it and rendered by the
 * component the public page uses (the block registry, the same sanitiser), in the browser.
 */
export function PagePreview({
  title,
  content,
  hideTitle = false,
}: {
  title: string
  content: PageContent
  hideTitle?: boolean
}) {
  const context = usePageRenderContext()
  return (
    <article aria-label="Page preview" className="rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-6">
      {/* As on the site (content-page.tsx): a hidden title stays for screen readers. */}
      <h2 className={hideTitle ? 'sr-only' : 'mb-6 font-extrabold text-3xl text-navy-900'}>
        {title || 'Untitled page'}
      </h2>
      {isEmpty(content) ? (
        <p className="text-slate-600">
          No content yet. Use the Visual Builder to add widgets, or write in Rich Text.
        </p>
      ) : (
        <PageSections content={readPageContent(contentForSubmit(content))} {...context} />
      )}
    </article>
  )
}
