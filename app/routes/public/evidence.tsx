import { evidenceItems } from '../../../core/evidence-items.ts'
import { EvidenceList } from '../../features/evidence/evidence-list.tsx'
import { loadPageHead } from '../../features/seo/page-head.server.ts'
import { headMeta } from '../../features/seo/page-head.ts'
import { ContentPage } from '../../features/site/content-page.tsx'
import type { IslandsHandle } from '../../root.tsx'
import type { Route } from './+types/evidence'

export async function loader({ context, request }: Route.LoaderArgs) {
  return { head: await loadPageHead(context, request, 'evidence', 'Evidence') }
}

export const handle: IslandsHandle = { islands: true }

export const meta: Route.MetaFunction = ({ loaderData }) => headMeta(loaderData?.head)

export default function Evidence() {
  return (
    <ContentPage
      title="The Evidence"
      intro="What regulators and the courts have said about car finance commission, with a link to each original source so you can check it yourself."
    >
      <EvidenceList items={evidenceItems} />
    </ContentPage>
  )
}
