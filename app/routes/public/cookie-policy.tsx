import { data } from 'react-router'
import { countingChoice } from '../../../core/counting.ts'
import { CookiePolicyContent } from '../../features/policies/cookie-policy-content.tsx'
import { loadPageHead } from '../../features/seo/page-head.server.ts'
import { headMeta } from '../../features/seo/page-head.ts'
import { ContentPage } from '../../features/site/content-page.tsx'
import type { IslandsHandle } from '../../root.tsx'
import type { Route } from './+types/cookie-policy'

export async function loader({ context, request }: Route.LoaderArgs) {
  const head = await loadPageHead(context, request, 'cookie-policy', 'Cookie Policy')
  // The page cache renders this page without cookies; a request carrying the "Don't count my
  // visits" cookie goes past it (server/compose/page-cache.ts) and is answered for itself alone.
  const choice = countingChoice(request.headers.get('cookie'))
  if (choice === null) return { head, choice }
  return data({ head, choice }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const handle: IslandsHandle = { islands: true }

export const meta: Route.MetaFunction = ({ loaderData }) => headMeta(loaderData?.head)

export default function CookiePolicy({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage title="Cookie Policy" updated="Last updated: 25 November 2026 · Version 1.1">
      <CookiePolicyContent countingChoice={loaderData.choice} />
    </ContentPage>
  )
}
