import type { RouterContextProvider } from 'react-router'
import { imagesIn } from '../../../core/image-info.ts'
import { type PageContent, readPageContent } from '../../../core/page-content.ts'
import { hasNoWidgets } from '../../../core/page-conversion.ts'
import type { SystemPageSlug } from '../../../core/paths.ts'
import { systemPageContent } from '../../../core/system-page-content.ts'
import { requestContext, servicesContext } from '../../../server/platform/index.ts'
import { pageRenderContext } from '../../../server/site/index.ts'

/**
 * A system page's blocks: an experiment's variant's, else the page's, else (content still empty)
 * the shipped default (docs/decisions/0075-system-pages-from-blocks.md).
 */
export async function loadSystemPageContent(
  context: Readonly<RouterContextProvider>,
  slug: SystemPageSlug,
): Promise<{ content: PageContent; stored: unknown; images: ReturnType<typeof imagesIn> }> {
  const site = await context.get(servicesContext).site.get()
  const variant = context.get(requestContext).variant?.variant
  const own = variant?.content ?? site.pages.get(slug)?.content
  const read = readPageContent(own)
  const empty = hasNoWidgets(read)
  const stored = empty ? systemPageContent[slug] : own
  const content = empty ? readPageContent(stored) : read
  return { content, stored, images: imagesIn(site.images, content) }
}

/** What a reading system page renders with: its blocks, their images, the questionnaire context. */
export async function renderContext(context: Readonly<RouterContextProvider>, slug: SystemPageSlug) {
  const { content, images } = await loadSystemPageContent(context, slug)
  return { content, images, ...pageRenderContext(await context.get(servicesContext).site.get()) }
}
