import {
  type BuilderContent,
  isWidgetListContent,
  type PageContent,
  readPageContent,
  type Widget,
} from '../page-content.ts'

/** Every widget of the content, in sections or in a flat list; HTML has none. */
function widgetsOf(content: PageContent): Widget[] {
  if (typeof content === 'string') return []
  if (isWidgetListContent(content)) return content.widgets
  return content.sections.flatMap((s) => s.widgets)
}

/** Whether a page's content can take an enquiry: a contact-form or questionnaire block holds the questionnaire and lead form. */
export function takesEnquiries(content: unknown): boolean {
  return widgetsOf(readPageContent(content)).some((w) => w.type === 'form' || w.type === 'questionnaire')
}

/**
 * The variants that could never convert: on a CMS page, those whose content (their own, or the
 * page's when they have none) holds no contact-form or questionnaire block; on the home page,
 * only variants with content of their own are checked.
 */
export function unconvertibleVariants(
  path: string,
  variants: readonly { name: string; content?: unknown }[],
  pageContent: unknown,
): string[] {
  // The home page's own content is its shipped default when empty: only a variant's own is checked.
  if (path === '/')
    return variants.filter((v) => v.content != null && !takesEnquiries(v.content)).map((v) => v.name)
  return variants.filter((v) => !takesEnquiries(v.content ?? pageContent)).map((v) => v.name)
}

/**
 * Any content as builder sections, for editing a variant in the visual builder: sections as they
 * are, a widget list as one section, HTML (a variant typed before the builder) as one text block.
 */
export function toBuilderContent(content: unknown): BuilderContent {
  const model = readPageContent(content)
  if (typeof model === 'string') {
    if (!model.trim()) return { sections: [] }
    return {
      sections: [
        { id: 's1', styles: {}, widgets: [{ id: 'w1', type: 'text', content: { text: model }, styles: {} }] },
      ],
    }
  }
  if (isWidgetListContent(model)) return { sections: [{ id: 's1', styles: {}, widgets: model.widgets }] }
  return model
}
