import type { RouterContextProvider } from 'react-router'
import { servicesContext } from '../../../server/context.ts'
import { getPublishedPage } from '../../../server/pages/queries.server.ts'
import type { PageHead } from './page-head.ts'

export function canonicalUrl(context: Readonly<RouterContextProvider>, request: Request): string {
  const { config } = context.get(servicesContext)
  const url = new URL(request.url)
  return `${config.publicUrl ?? url.origin}${url.pathname}`
}

/** Head fields from the page record for `slug`; a missing record falls back to `fallbackTitle`. */
export async function loadPageHead(
  context: Readonly<RouterContextProvider>,
  request: Request,
  slug: string,
  fallbackTitle: string,
): Promise<PageHead> {
  const { db } = context.get(servicesContext)
  const page = await getPublishedPage(db, slug)
  return {
    title: page?.title ?? fallbackTitle,
    description: page?.metaDescription ?? null,
    keywords: page?.metaKeywords ?? null,
    ogTitle: page?.ogTitle ?? null,
    ogDescription: page?.ogDescription ?? null,
    url: canonicalUrl(context, request),
  }
}
