import { data, isRouteErrorResponse, useRouteError } from 'react-router'
import { imagesIn } from '../../../core/image-info.ts'
import { readPageContent } from '../../../core/page-content.ts'
import { readFacts, resolveFacts } from '../../../core/site-facts.ts'
import { HttpError, servicesContext } from '../../../server/platform/index.ts'
import { loadPreview, type PreviewPage, pageRenderContext } from '../../../server/site/index.ts'
import { buttonClasses } from '../../components/ui/button.tsx'
import { ContentPage } from '../../features/site/content-page.tsx'
import { PageSections } from '../../features/site/page-sections.tsx'
import type { IslandsHandle } from '../../root.tsx'
import type { Route } from './+types/preview'

/**
 * A signed, expiring link to a page as saved (a draft too), a revision or an experiment's variant,
 * rendered by the public page's components. /preview is a private path (core/paths.ts): never
 * cached, no tracking scripts, `Cache-Control: no-store` and `X-Robots-Tag: noindex` on every
 * answer; docs/decisions/0064-preview-links.md.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  let preview: PreviewPage
  try {
    preview = await loadPreview(services, params.token)
  } catch (error) {
    if (error instanceof HttpError) throw data(error.message, { status: error.status })
    throw error
  }
  const site = await services.site.get()
  const content = readPageContent(preview.content)
  return {
    title: resolveFacts(preview.title, { values: readFacts(site.settings), unknown: 'empty' }),
    path: preview.path,
    label: preview.label,
    expiresAt: preview.expiresAt.toISOString(),
    content,
    images: imagesIn(site.images, content),
    ...pageRenderContext(site),
  }
}

export const handle: IslandsHandle = { islands: true }

const noindex = { name: 'robots', content: 'noindex, nofollow' }

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: `Preview: ${loaderData.title}` }, noindex]
    : [{ title: 'Preview unavailable' }, noindex]

function PreviewBar({ label, path, expiresAt }: { label: string; path: string; expiresAt: string }) {
  return (
    <aside
      aria-label="Preview"
      className="sticky top-0 z-50 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-300 px-4 py-2 text-center text-navy-900 text-sm"
    >
      <strong>Preview – not published</strong>
      <span>{`${label} · ${path}`}</span>
      <span>{`Link expires ${expiresAt.slice(0, 16).replace('T', ' ')} UTC`}</span>
    </aside>
  )
}

export default function PreviewPageRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PreviewBar label={loaderData.label} path={loaderData.path} expiresAt={loaderData.expiresAt} />
      <ContentPage title={loaderData.title}>
        <PageSections
          content={loaderData.content}
          images={loaderData.images}
          consent={loaderData.consent}
          compliance={loaderData.compliance}
          questionnaire={loaderData.questionnaire}
          facts={loaderData.facts}
        />
      </ContentPage>
    </>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const known = isRouteErrorResponse(error) && error.status < 500
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <h1 className="font-bold text-2xl text-navy-900">Preview unavailable</h1>
        <p className="mt-2 text-slate-700">
          {known ? String(error.data) : 'The preview could not be shown. Please try again.'}
        </p>
        <a href="/admin?tab=pages" className={`${buttonClasses('primary')} mt-6`}>
          Back to Pages
        </a>
      </div>
    </main>
  )
}
