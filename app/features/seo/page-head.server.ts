import type { RouterContextProvider } from 'react-router'
import { type FactResolution, readFacts, resolveFacts } from '../../../core/site-facts.ts'
import { servicesContext } from '../../../server/platform/index.ts'
import type { PageHead } from './page-head.ts'

export function canonicalUrl(context: Readonly<RouterContextProvider>, request: Request): string {
  const { config } = context.get(servicesContext)
  const url = new URL(request.url)
  return `${config.publicUrl ?? url.origin}${url.pathname}`
}

type OwnHead = {
  title?: string | null
  metaDescription?: string | null
  metaKeywords?: string | null
  ogTitle?: string | null
  ogDescription?: string | null
}

const present = (...values: (string | null | undefined)[]) =>
  values.find((v) => typeof v === 'string' && v.trim() !== '')

/**
 * A page's head: its own fields first, then the site settings (site_description, site_keywords,
 * og_title, og_description, og_image, favicon_url). Without a title of its own a page is called
 * "`fallbackTitle` | site_title".
 */
export async function buildPageHead(
  context: Readonly<RouterContextProvider>,
  request: Request,
  own: OwnHead | undefined,
  fallbackTitle: string,
): Promise<PageHead> {
  const { settings } = await context.get(servicesContext).site.get()
  // Site facts in a page's head: `{{fact.key}}` in its title or descriptions (core/site-facts.ts).
  const resolution: FactResolution = { values: readFacts(settings), unknown: 'empty' }
  const facts = (text: string | null) => (text === null ? null : resolveFacts(text, resolution))
  const head = headFields(settings, own, fallbackTitle)
  return {
    ...head,
    title: resolveFacts(head.title, resolution),
    description: facts(head.description),
    keywords: facts(head.keywords),
    ogTitle: facts(head.ogTitle),
    ogDescription: facts(head.ogDescription),
    url: canonicalUrl(context, request),
  }
}

function headFields(
  settings: ReadonlyMap<string, string | null>,
  own: OwnHead | undefined,
  fallbackTitle: string,
): Omit<PageHead, 'url'> {
  const setting = (key: string) => settings.get(key) ?? null
  const siteTitle = present(setting('site_title'))
  const title =
    present(own?.title) ??
    (siteTitle && siteTitle !== fallbackTitle ? `${fallbackTitle} | ${siteTitle}` : fallbackTitle)
  const description = present(own?.metaDescription, setting('site_description')) ?? null
  return {
    title,
    description,
    keywords: present(own?.metaKeywords, setting('site_keywords')) ?? null,
    ogTitle: present(own?.ogTitle, setting('og_title')) ?? null,
    ogDescription: present(own?.ogDescription, setting('og_description')) ?? null,
    ogImage: present(setting('og_image')) ?? null,
    favicon: present(setting('favicon_url')) ?? null,
  }
}

/** Head fields from the published page record for `slug`, with the site settings behind them. */
export async function loadPageHead(
  context: Readonly<RouterContextProvider>,
  request: Request,
  slug: string,
  fallbackTitle: string,
): Promise<PageHead> {
  const { pages } = await context.get(servicesContext).site.get()
  return buildPageHead(context, request, pages.get(slug), fallbackTitle)
}
