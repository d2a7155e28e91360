import { PrivacyPolicyContent } from '../../features/policies/privacy-policy-content.tsx'
import { loadPageHead } from '../../features/seo/page-head.server.ts'
import { headMeta } from '../../features/seo/page-head.ts'
import { ContentPage } from '../../features/site/content-page.tsx'
import type { IslandsHandle } from '../../root.tsx'
import type { Route } from './+types/privacy-policy'

export async function loader({ context, request }: Route.LoaderArgs) {
  return { head: await loadPageHead(context, request, 'privacy-policy', 'Privacy Policy') }
}

export const handle: IslandsHandle = { islands: true }

export const meta: Route.MetaFunction = ({ loaderData }) => headMeta(loaderData?.head)

export default function PrivacyPolicy() {
  return (
    <ContentPage title="Privacy Policy" updated="Last updated: January 2025">
      <PrivacyPolicyContent />
    </ContentPage>
  )
}
