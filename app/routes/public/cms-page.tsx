import { data } from 'react-router'
import { isSystemPageSlug } from '../../../core/paths.ts'
import { servicesContext } from '../../../server/context.ts'
import { renderPageContent } from '../../../server/pages/content.server.ts'
import { buildPageHead } from '../../features/seo/page-head.server.ts'
import { headMeta } from '../../features/seo/page-head.ts'
import { ContentPage } from '../../features/site/content-page.tsx'
import { NotFoundCard } from '../../features/site/not-found-card.tsx'
import type { Route } from './+types/cms-page'

/** Pages made in the admin, at /{slug}: published only, content sanitised on the server. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { pages } = await context.get(servicesContext).site.get()
  // Slugs are stored lower-case and addresses ignore case, as every other route does.
  const page = pages.get(params.slug.toLowerCase())
  if (!page || isSystemPageSlug(page.slug)) throw data('Not Found', { status: 404 })
  return {
    title: page.title,
    html: renderPageContent(page.content),
    head: await buildPageHead(context, request, page, page.title),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? headMeta(loaderData.head)
    : [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }]

export default function CmsPage({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage title={loaderData.title}>
      <div
        className="prose-content max-w-prose space-y-4 text-slate-800 leading-relaxed [&_a]:text-teal-800 [&_a]:underline [&_h2]:mt-8 [&_h2]:font-bold [&_h2]:text-2xl [&_h2]:text-navy-900 [&_h3]:font-semibold [&_h3]:text-navy-900 [&_h3]:text-xl [&_iframe]:aspect-video [&_iframe]:w-full [&_img]:h-auto [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
        // Sanitised on the server against an allow list (server/pages/content.server.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
        dangerouslySetInnerHTML={{ __html: loaderData.html }}
      />
    </ContentPage>
  )
}

export function ErrorBoundary() {
  return <NotFoundCard />
}
