import type { MetaDescriptor } from 'react-router'

export type PageHead = {
  title: string
  description: string | null
  keywords: string | null
  ogTitle: string | null
  ogDescription: string | null
  ogImage?: string | null
  favicon?: string | null
  url: string
}

/** The head every public page gets, rendered on the server from the page record and settings. */
export function headMeta(head: PageHead | undefined): MetaDescriptor[] {
  if (!head) return []
  const description = head.description ?? ''
  const tags: MetaDescriptor[] = [{ title: head.title }, { name: 'description', content: description }]
  if (head.keywords) tags.push({ name: 'keywords', content: head.keywords })
  tags.push(
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: head.ogTitle || head.title },
    { property: 'og:description', content: head.ogDescription || description },
    { property: 'og:url', content: head.url },
  )
  if (head.ogImage) tags.push({ property: 'og:image', content: head.ogImage })
  tags.push({ tagName: 'link', rel: 'canonical', href: head.url })
  if (head.favicon) tags.push({ tagName: 'link', rel: 'icon', href: head.favicon })
  return tags
}
