import type { PageContent } from '../../../../core/page-content.ts'
import type { PageTemplate } from '../../../../core/page-templates.ts'
import type { PageRecord } from '../../../../core/schemas/pages.ts'

/** The Create and Edit screens' form (SPEC section 3, "Page form and payload"). */
export type PageFormValues = {
  slug: string
  title: string
  metaDescription: string
  metaKeywords: string
  targetKeyword: string
  ogTitle: string
  ogDescription: string
  content: PageContent
  isPublished: boolean
  hideTitle: boolean
}

/** SPEC section 4: a new page starts as a Draft. */
export const emptyPageForm: PageFormValues = {
  slug: '',
  title: '',
  metaDescription: '',
  metaKeywords: '',
  targetKeyword: '',
  ogTitle: '',
  ogDescription: '',
  content: { sections: [] },
  isPublished: false,
  hideTitle: false,
}

/** A new page started from a template: its suggested title, slug, description and content (a copy). */
export function formFromTemplate(template: PageTemplate): PageFormValues {
  return {
    ...emptyPageForm,
    title: template.title,
    slug: template.slug,
    metaDescription: template.metaDescription,
    content: structuredClone(template.content),
  }
}

export function formFromPage(page: PageRecord): PageFormValues {
  return {
    slug: page.slug,
    title: page.title,
    metaDescription: page.metaDescription ?? '',
    metaKeywords: page.metaKeywords ?? '',
    targetKeyword: page.targetKeyword ?? '',
    ogTitle: page.ogTitle ?? '',
    ogDescription: page.ogDescription ?? '',
    content: page.content ?? '',
    isPublished: page.isPublished,
    hideTitle: page.hideTitle ?? false,
  }
}

/** SPEC section 4: the form is dirty while any field differs from the loaded page. */
export function isFormDirty(form: PageFormValues, loaded: PageFormValues): boolean {
  return JSON.stringify(form) !== JSON.stringify(loaded)
}

/** SPEC section 5: the toast for the first blank required field, or null when both are filled. */
export function blankFieldToast(form: Pick<PageFormValues, 'title' | 'slug'>) {
  if (!form.title.trim()) return { title: 'Title required', description: 'Please enter a page title' }
  if (!form.slug.trim()) return { title: 'URL slug required', description: 'Please enter a URL slug' }
  return null
}

/** SPEC section 5: string content is sent as JSON when it parses as a JSON object, else as the string. */
export function contentForSubmit(content: PageContent): unknown {
  if (typeof content !== 'string') return content
  try {
    const parsed: unknown = JSON.parse(content)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : content
  } catch {
    return content
  }
}

export function pagePayload(form: PageFormValues) {
  return {
    ...form,
    slug: form.slug.trim(),
    title: form.title.trim(),
    content: contentForSubmit(form.content),
  }
}

/** What a typed title suggests as a slug (Create only, until the slug is edited by hand). */
export function slugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '')
}
