import { data } from 'react-router'
import { PAGE_REVISION_META, pageRevisionHash } from '../../../core/consent-version.ts'
import { imagesIn } from '../../../core/image-info.ts'
import { readPageContent } from '../../../core/page-content.ts'
import { isSystemPageSlug } from '../../../core/paths.ts'
import { readFacts, resolveFacts } from '../../../core/site-facts.ts'
import { requestContext, servicesContext } from '../../../server/platform/index.ts'
import { pageRenderContext } from '../../../server/site/index.ts'
import { buildPageHead } from '../../features/seo/page-head.server.ts'
import { headMeta } from '../../features/seo/page-head.ts'
import { ContentPage } from '../../features/site/content-page.tsx'
import { NotFoundCard } from '../../features/site/not-found-card.tsx'
import { PageSections } from '../../features/site/page-sections.tsx'
import type { IslandsHandle } from '../../root.tsx'
import type { Route } from './+types/cms-page'

/** Pages made in the admin, at /{slug}: published only, rendered through the block registry. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const site = await context.get(servicesContext).site.get()
  const { pages } = site
  // Slugs are stored lower-case and addresses ignore case, as every other route does.
  const page = pages.get(params.slug.toLowerCase())
  if (!page || isSystemPageSlug(page.slug)) throw data('Not Found', { status: 404 })
  // An experiment's variant (chosen before the page cache) is a copy of the page's title and content.
  const variant = context.get(requestContext).variant?.variant
  const title = resolveFacts(variant?.title || page.title, {
    values: readFacts(site.settings),
    unknown: 'empty',
  })
  const content = readPageContent(variant?.content ?? page.content)
  return {
    title,
    hideTitle: page.hideTitle,
    content,
    images: imagesIn(site.images, content),
    ...pageRenderContext(site),
    // In the head, not in the form: the builder's canvas renders the same widget markup without it.
    pageRevision: pageRevisionHash({
      path: `/${page.slug}`,
      title,
      content: variant?.content ?? page.content,
    }),
    head: await buildPageHead(context, request, { ...page, title }, title),
  }
}

export const handle: IslandsHandle = { islands: true }

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [...headMeta(loaderData.head), { name: PAGE_REVISION_META, content: loaderData.pageRevision }]
    : [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }]

export default function CmsPage({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage title={loaderData.title} hideTitle={loaderData.hideTitle}>
      <PageSections
        content={loaderData.content}
        images={loaderData.images}
        consent={loaderData.consent}
        compliance={loaderData.compliance}
        questionnaire={loaderData.questionnaire}
        facts={loaderData.facts}
      />
    </ContentPage>
  )
}

export function ErrorBoundary() {
  return <NotFoundCard />
}
