import { useQuery } from '@tanstack/react-query'
import type { PageContent, RenderedSection } from '../../../../core/page-content.ts'
import { PageSections } from '../../site/page-sections.tsx'
import { apiRequest } from '../api.ts'
import { contentForSubmit } from './page-form.ts'

const isEmpty = (content: PageContent) =>
  typeof content === 'string'
    ? !content.trim()
    : 'sections' in content
      ? content.sections.every((s) => !s.widgets?.length)
      : !content.widgets?.length

/**
 * The Preview sub-tab: the unsaved content through the public renderer (POST
 * /api/admin/pages/preview), shown with the component the public page uses.
 */
export function PagePreview({ title, content }: { title: string; content: PageContent }) {
  const body = JSON.stringify(contentForSubmit(content))
  const preview = useQuery({
    queryKey: ['page-preview', body],
    queryFn: () =>
      apiRequest<{ sections: RenderedSection[] }>('POST', '/api/admin/pages/preview', {
        content: JSON.parse(body),
      }),
    enabled: !isEmpty(content),
    staleTime: Number.POSITIVE_INFINITY,
  })
  return (
    <article aria-label="Page preview" className="rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-6">
      <h2 className="mb-6 font-extrabold text-3xl text-navy-900">{title || 'Untitled page'}</h2>
      {isEmpty(content) ? (
        <p className="text-slate-600">
          No content yet. Use the Visual Builder to add widgets, or write in Rich Text.
        </p>
      ) : preview.isLoading ? (
        <p role="status">Rendering preview...</p>
      ) : preview.error ? (
        <p role="alert" className="text-red-800">
          The preview could not be rendered: {preview.error.message}
        </p>
      ) : (
        <PageSections sections={preview.data?.sections ?? []} />
      )}
    </article>
  )
}
