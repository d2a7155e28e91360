import { CookiePolicyContent } from '../../features/policies/cookie-policy-content.tsx'
import { loadPageHead } from '../../features/seo/page-head.server.ts'
import { headMeta } from '../../features/seo/page-head.ts'
import { ContentPage } from '../../features/site/content-page.tsx'
import type { IslandsHandle } from '../../root.tsx'
import type { Route } from './+types/cookie-policy'

export async function loader({ context, request }: Route.LoaderArgs) {
  return { head: await loadPageHead(context, request, 'cookie-policy', 'Cookie Policy') }
}

export const handle: IslandsHandle = { islands: true }

export const meta: Route.MetaFunction = ({ loaderData }) => headMeta(loaderData?.head)

export default function CookiePolicy() {
  return (
    <ContentPage title="Cookie Policy" updated="Last updated: 25 November 2026 · Version 1.1">
      <CookiePolicyContent />
    </ContentPage>
  )
}
