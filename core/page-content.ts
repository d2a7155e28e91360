/**
 * The page content model (SPEC section 3). A page's content is one of:
 * - an HTML string (rich text or Code View),
 * - builder content: sections, each with widgets and section styles,
 * - widget-list content: a flat list of the four library widgets.
 * The builder, the editor's Preview and the public renderer all read this one model.
 */

export const widgetTypes = [
  'text',
  'heading',
  'image',
  'video',
  'button',
  'spacer',
  'divider',
  'form',
  'columns',
  'gallery',
  'testimonial',
  'menu',
] as const
export type WidgetType = (typeof widgetTypes)[number]

/** The simpler widget library on the Edit screen offers only these. */
export const libraryWidgetTypes = [
  'text',
  'heading',
  'image',
  'video',
] as const satisfies readonly WidgetType[]

export const widgetCategories = {
  Basic: ['text', 'heading', 'image', 'video', 'button', 'spacer', 'divider'],
  Forms: ['form'],
  Layout: ['columns'],
  Media: ['gallery'],
  Content: ['testimonial'],
  Navigation: ['menu'],
} as const satisfies Record<string, readonly WidgetType[]>

export const fontWeights = [
  { value: '300', label: 'Light' },
  { value: '400', label: 'Normal' },
  { value: '500', label: 'Medium' },
  { value: '600', label: 'Semi Bold' },
  { value: '700', label: 'Bold' },
] as const
export const fontSizes = ['12px', '14px', '16px', '18px', '20px', '24px', '32px'] as const
export const textAligns = ['left', 'center', 'right'] as const
export const headingLevels = [1, 2, 3, 4, 5, 6] as const
export type HeadingLevel = (typeof headingLevels)[number]

export const viewports = [
  { name: 'desktop', label: 'Desktop', width: null },
  { name: 'tablet', label: 'Tablet', width: 768 },
  { name: 'mobile', label: 'Mobile', width: 375 },
] as const

export type WidgetStyles = Partial<
  Record<
    | 'fontSize'
    | 'fontWeight'
    | 'color'
    | 'textColor'
    | 'backgroundColor'
    | 'margin'
    | 'padding'
    | 'borderWidth'
    | 'borderColor'
    | 'borderRadius'
    | 'textAlign',
    string
  >
>
export const styleFields = [
  'fontSize',
  'fontWeight',
  'color',
  'textColor',
  'backgroundColor',
  'margin',
  'padding',
  'borderWidth',
  'borderColor',
  'borderRadius',
  'textAlign',
] as const satisfies readonly (keyof WidgetStyles)[]

export type Link = { text: string; url: string }
export type GalleryImage = { src: string; alt: string }

/** Each widget type's content fields. */
export type WidgetContentMap = {
  text: { text: string }
  heading: { text: string; level: HeadingLevel }
  image: { src: string; alt: string; width: string }
  video: { url: string }
  button: { text: string; link: string }
  spacer: { height: string }
  divider: Record<string, never>
  form: { title: string }
  columns: { columns: number; texts: string[] }
  gallery: { images: GalleryImage[] }
  testimonial: { text: string; author: string }
  menu: { links: Link[] }
}

export type WidgetOf<T extends WidgetType> = {
  id: string
  type: T
  content: WidgetContentMap[T]
  styles: WidgetStyles
}
/** A discriminated union on `type`: narrowing on it types `content`. */
export type Widget = { [T in WidgetType]: WidgetOf<T> }[WidgetType]

export type Section = { id: string; widgets: Widget[]; styles: WidgetStyles }
export type BuilderContent = { sections: Section[] }
export type WidgetListContent = { widgets: Widget[] }
export type StructuredContent = BuilderContent | WidgetListContent
export type PageContent = string | StructuredContent

export const isBuilderContent = (content: PageContent): content is BuilderContent =>
  typeof content === 'object' && 'sections' in content
export const isWidgetListContent = (content: PageContent): content is WidgetListContent =>
  typeof content === 'object' && !('sections' in content)

/** One part of a rendered section: safe HTML, or the place where the real lead form goes. */
export type RenderedPart = { html: string } | { form: { title: string; styles: WidgetStyles } }
/** A section as the public page and the editor's Preview render it (`styles` already validated). */
export type RenderedSection = { id: string; styles: WidgetStyles | null; parts: RenderedPart[] }

type Defaults<T extends WidgetType> = { content: WidgetContentMap[T]; styles: WidgetStyles }

/** What a widget dropped in the visual builder starts with (SPEC section 3). */
export const builderDefaults: { [T in WidgetType]: Defaults<T> } = {
  text: { content: { text: 'Edit this text...' }, styles: {} },
  heading: {
    content: { text: 'Your Heading Here', level: 2 },
    styles: { fontSize: '2rem', fontWeight: '600', color: '#1f2937' },
  },
  image: { content: { src: '', alt: '', width: '100%' }, styles: {} },
  video: { content: { url: '' }, styles: {} },
  button: {
    content: { text: 'Click Me', link: '#' },
    styles: { color: '#ffffff', backgroundColor: '#3b82f6', padding: '12px 24px', borderRadius: '6px' },
  },
  spacer: { content: { height: '40px' }, styles: {} },
  divider: { content: {}, styles: {} },
  form: { content: { title: 'Check your claim' }, styles: {} },
  columns: { content: { columns: 2, texts: ['Column 1', 'Column 2'] }, styles: {} },
  gallery: { content: { images: [] }, styles: {} },
  testimonial: { content: { text: 'A quote from a happy customer.', author: 'Customer name' }, styles: {} },
  menu: { content: { links: [{ text: 'Home', url: '/' }] }, styles: {} },
}

/** What a widget added from the Edit screen's library starts with (SPEC section 3). */
export const libraryDefaults: { [T in (typeof libraryWidgetTypes)[number]]: Defaults<T> } = {
  text: {
    content: { text: 'This is a sample text block. Click to edit this content.' },
    styles: { textAlign: 'left', fontSize: '16px' },
  },
  heading: { content: { text: 'Sample Heading', level: 2 }, styles: { textAlign: 'left', fontSize: '16px' } },
  image: { content: { src: '', alt: 'Image description', width: '100%' }, styles: { textAlign: 'left' } },
  video: { content: { url: '' }, styles: { textAlign: 'left' } },
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const str = (value: unknown, fallback = '') =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback
const list = (value: unknown) => (Array.isArray(value) ? value : [])

function readStyles(value: unknown): WidgetStyles {
  if (!isRecord(value)) return {}
  const styles: WidgetStyles = {}
  for (const field of styleFields) {
    const v = value[field]
    if (typeof v === 'string' || typeof v === 'number') styles[field] = String(v)
  }
  return styles
}

function readContent<T extends WidgetType>(type: T, raw: Record<string, unknown>): WidgetContentMap[T] {
  const c = raw
  const base = builderDefaults[type].content as Record<string, unknown>
  const text = (key: string) => str(c[key], str(base[key]))
  switch (type as WidgetType) {
    case 'text':
    case 'testimonial':
      return { text: text('text'), ...(type === 'testimonial' ? { author: text('author') } : {}) } as never
    case 'heading': {
      const level = Math.trunc(Number(c.level))
      return {
        text: text('text'),
        level: Number.isFinite(level) ? Math.min(Math.max(level, 1), 6) : 2,
      } as never
    }
    case 'image':
      return { src: str(c.src), alt: str(c.alt), width: str(c.width, '100%') } as never
    case 'video':
      return { url: str(c.url) || str(c.src) } as never
    case 'button':
      return { text: text('text'), link: text('link') } as never
    case 'spacer':
      return { height: text('height') } as never
    case 'divider':
      return {} as never
    case 'form':
      return { title: text('title') } as never
    case 'columns': {
      const count = Math.min(Math.max(Math.trunc(Number(c.columns)) || 2, 1), 4)
      const texts = list(c.texts).map((t) => str(t))
      return { columns: count, texts: Array.from({ length: count }, (_, i) => texts[i] ?? '') } as never
    }
    case 'gallery':
      return {
        images: list(c.images)
          .filter(isRecord)
          .map((image) => ({ src: str(image.src), alt: str(image.alt) })),
      } as never
    case 'menu':
      return {
        links: list(c.links)
          .filter(isRecord)
          .map((link) => ({ text: str(link.text), url: str(link.url) })),
      } as never
  }
  return {} as never
}

/** One stored widget read into the model; unknown types are dropped (null). */
export function readWidget(value: unknown, index = 0): Widget | null {
  if (!isRecord(value) || !(widgetTypes as readonly unknown[]).includes(value.type)) return null
  const type = value.type as WidgetType
  return {
    id: str(value.id) || `w${index + 1}`,
    type,
    content: readContent(type, isRecord(value.content) ? value.content : {}),
    styles: readStyles(value.styles),
  } as Widget
}

const readWidgets = (value: unknown) =>
  list(value)
    .map((w, i) => readWidget(w, i))
    .filter((w): w is Widget => w !== null)

/**
 * Stored content (an HTML string or any JSON object) read into the model: missing fields take
 * their defaults, unknown widgets are dropped. Rendering never has to guess a shape again.
 */
export function readPageContent(value: unknown): PageContent {
  if (typeof value === 'string') return value
  if (!isRecord(value)) return ''
  if (Array.isArray(value.sections)) {
    return {
      sections: value.sections.filter(isRecord).map((section, i) => ({
        id: str(section.id) || `s${i + 1}`,
        widgets: readWidgets(section.widgets),
        styles: readStyles(section.styles),
      })),
    }
  }
  return { widgets: readWidgets(value.widgets) }
}
