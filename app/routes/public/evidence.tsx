import { loadPageHead } from '../../features/seo/page-head.server.ts'
import { headMeta } from '../../features/seo/page-head.ts'
import { ContentPage } from '../../features/site/content-page.tsx'
import { renderContext } from '../../features/site/system-page.server.ts'
import { SystemPageBlocks } from '../../features/site/system-page-blocks.tsx'
import type { IslandsHandle } from '../../root.tsx'
import type { Route } from './+types/evidence'

/** A system page from its blocks (docs/decisions/0075-system-pages-from-blocks.md). */
export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    head: await loadPageHead(context, request, 'evidence', 'Evidence'),
    ...(await renderContext(context, 'evidence')),
  }
}

export const handle: IslandsHandle = { islands: true }

export const meta: Route.MetaFunction = ({ loaderData }) => headMeta(loaderData?.head)

export default function Evidence({ loaderData }: Route.ComponentProps) {
  const { head: _, ...page } = loaderData
  return (
    <ContentPage>
      <SystemPageBlocks {...page} column="" />
    </ContentPage>
  )
}
