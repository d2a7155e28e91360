/**
 * The page content model (SPEC section 3). A page's content is one of:
 * - an HTML string (rich text or Code View),
 * - builder content: sections, each with widgets and section styles,
 * - widget-list content: a flat list of the four library widgets.
 * The builder, the editor's Preview and the public page all read this one model; each widget
 * type's defaults, reading and fields live in its block model (core/blocks), its rendering in its
 * block component (app/features/blocks); docs/decisions/0039-block-registry.md.
 */

import type { HeadingLevel, PolicyAction, styleFields, WidgetType } from './blocks/types.ts'
import type { DeviceStyleField } from './responsive-styles.ts'
import type { FactCondition } from './site-facts.ts'

export {
  type HeadingLevel,
  headingLevels,
  libraryWidgetTypes,
  type PolicyAction,
  policyActions,
  styleFields,
  type WidgetCategory,
  type WidgetType,
  widgetCategoryNames,
  widgetTypes,
} from './blocks/types.ts'

export const fontWeights = [
  { value: '300', label: 'Light' },
  { value: '400', label: 'Normal' },
  { value: '500', label: 'Medium' },
  { value: '600', label: 'Semi Bold' },
  { value: '700', label: 'Bold' },
] as const
export const fontSizes = ['12px', '14px', '16px', '18px', '20px', '24px', '32px'] as const
export const textAligns = ['left', 'center', 'right'] as const

export const viewports = [
  { name: 'desktop', label: 'Desktop', width: null },
  { name: 'tablet', label: 'Tablet', width: 768 },
  { name: 'mobile', label: 'Mobile', width: 375 },
] as const

/**
 * A widget's or a section's styles: any of the style fields, each a string checked on render, and
 * the narrower devices' own values (core/responsive-styles.ts).
 */
export type WidgetStyles = Partial<Record<(typeof styleFields)[number] | DeviceStyleField, string>>

export type Link = { text: string; url: string }
/** Pixel size of an image when the media library does not know it (the media picker fills it). */
export type PixelSize = { pixelWidth?: number; pixelHeight?: number }
export type GalleryImage = { src: string; alt: string } & PixelSize

/** Each widget type's content fields. */
export type WidgetContentMap = {
  text: { text: string }
  heading: { text: string; level: HeadingLevel }
  image: { src: string; alt: string; width: string } & PixelSize
  video: { url: string }
  button: { text: string; link: string }
  spacer: { height: string }
  divider: Record<string, never>
  form: { title: string }
  columns: { columns: number; texts: string[] }
  gallery: { images: GalleryImage[] }
  testimonial: { text: string; author: string }
  menu: { links: Link[] }
  hero: { eyebrow: string; heading: string; text: string; ctaText: string; ctaLink: string; note: string }
  stats: { label: string; items: StatItem[] }
  steps: {
    anchor: string
    heading: string
    items: StepItem[]
    noteTitle: string
    note: string
    layout: 'band' | 'list'
  }
  faq: { anchor: string; heading: string; items: FaqItem[] }
  questionnaire: { anchor: string; heading: string; text: string; phoneFirst: 'yes' | 'no' }
  'page-title': { heading: string; updated: string; intro: string }
  evidence: { items: EvidenceCard[] }
  policy: { numbered: 'yes' | 'no'; sections: PolicySection[] }
  receipt: { part: 'confirmation' | 'withdrawal'; heading: string; text: string }
}

/** A figure of the statistics band; `evidence` is the anchor of its card on /evidence. */
export type StatItem = { value: string; label: string; evidence: string }
export type StepItem = { title: string; text: string }
/** `answer` is rich text (sanitised HTML). */
export type FaqItem = { question: string; answer: string }
export type EvidenceCard = {
  anchor: string
  claim: string
  explanation: string
  source: string
  date: string
  publisher: string
  url: string
}
/** `body` is rich text; `action` adds a control after it (`policyActions`). */
export type PolicySection = { anchor: string; title: string; body: string; action: '' | PolicyAction }

export type WidgetOf<T extends WidgetType> = {
  id: string
  type: T
  content: WidgetContentMap[T]
  styles: WidgetStyles
  /** Shown only while a site fact is set, or only while it is empty (core/site-facts.ts). */
  visibility?: FactCondition
  /** A template's sample content, not yet edited: publishing asks first (core/page-conversion.ts). */
  placeholder?: true
  /** The evidence items (their anchors on the evidence page) the block's figures cite (core/compliance-review.ts). */
  cites?: string[]
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

/** What a new widget starts with (SPEC section 3); each block definition holds its own. */
export type WidgetDefaults<T extends WidgetType> = { content: WidgetContentMap[T]; styles: WidgetStyles }

// Each type's defaults and reader live in its block model (core/blocks), re-exported here for the
// code that reads pages.
export {
  builderDefaults,
  libraryDefaults,
  readPageContent,
  readWidget,
  widgetCategories,
  widgetLabels,
} from './blocks/models.ts'
