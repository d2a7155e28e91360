import type { MetaDescriptor } from 'react-router'

export type PageHead = {
  title: string
  description: string | null
  keywords: string | null
  ogTitle: string | null
  ogDescription: string | null
  url: string
}

/** The head every public page gets, rendered on the server from the page record. */
export function headMeta(head: PageHead | undefined): MetaDescriptor[] {
  if (!head) return []
  const description = head.description ?? ''
  const tags: MetaDescriptor[] = [
    { title: head.title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: head.ogTitle || head.title },
    { property: 'og:description', content: head.ogDescription || description },
    { property: 'og:url', content: head.url },
    { tagName: 'link', rel: 'canonical', href: head.url },
  ]
  if (head.keywords) tags.splice(2, 0, { name: 'keywords', content: head.keywords })
  return tags
}
