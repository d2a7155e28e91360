/**
 * The widget types and the lists the block models need, in a module of their own so that
 * core/page-content.ts can re-export the models without an import cycle.
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
  // The system pages' own blocks (docs/decisions/0075-system-pages-from-blocks.md).
  'hero',
  'stats',
  'steps',
  'faq',
  'questionnaire',
  'page-title',
  'evidence',
  'policy',
  'receipt',
] as const
export type WidgetType = (typeof widgetTypes)[number]

/** The simpler widget library on the Edit screen offers only these. */
export const libraryWidgetTypes = [
  'text',
  'heading',
  'image',
  'video',
] as const satisfies readonly WidgetType[]

/** The builder's sidebar groups, in order (each block model names its own). */
export const widgetCategoryNames = [
  'Basic',
  'Forms',
  'Layout',
  'Media',
  'Content',
  'Navigation',
  'Site sections',
] as const
export type WidgetCategory = (typeof widgetCategoryNames)[number]

/** The controls a policy section may show after its text: Cookie Preferences, or "Don't count my visits". */
export const policyActions = ['cookie-preferences', 'counting-choice'] as const
export type PolicyAction = (typeof policyActions)[number]

export const headingLevels = [1, 2, 3, 4, 5, 6] as const
export type HeadingLevel = (typeof headingLevels)[number]

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
] as const

/** Lengths a spacer's height or an image's width may take. */
export const HEIGHT = /^\d{1,4}(\.\d{1,3})?(px|rem|em)$/
export const WIDTH = /^\d{1,4}(\.\d{1,3})?(px|%|rem|em)$/
