import { data } from 'react-router'
import { countingChoice } from '../../../core/counting.ts'
import { loadPageHead } from '../../features/seo/page-head.server.ts'
import { headMeta } from '../../features/seo/page-head.ts'
import { ContentPage } from '../../features/site/content-page.tsx'
import { renderContext } from '../../features/site/system-page.server.ts'
import { SystemPageBlocks } from '../../features/site/system-page-blocks.tsx'
import type { IslandsHandle } from '../../root.tsx'
import type { Route } from './+types/cookie-policy'

/** A system page from its blocks (docs/decisions/0075-system-pages-from-blocks.md). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const head = await loadPageHead(context, request, 'cookie-policy', 'Cookie Policy')
  const page = await renderContext(context, 'cookie-policy')
  // The page cache renders this page without cookies; a request carrying the "Don't count my
  // visits" cookie goes past it (server/compose/page-cache.ts) and is answered for itself alone.
  const choice = countingChoice(request.headers.get('cookie'))
  if (choice === null) return { head, ...page, choice }
  return data({ head, ...page, choice }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const handle: IslandsHandle = { islands: true }

export const meta: Route.MetaFunction = ({ loaderData }) => headMeta(loaderData?.head)

export default function CookiePolicy({ loaderData }: Route.ComponentProps) {
  const { head: _, choice, ...page } = loaderData
  return (
    <ContentPage>
      <SystemPageBlocks {...page} countingChoice={choice} column="" />
    </ContentPage>
  )
}
