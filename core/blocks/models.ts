import type { PageContent, Widget, WidgetDefaults } from '../page-content.ts'
import { readFactCondition } from '../site-facts.ts'
import { buttonModel } from './button.ts'
import { columnsModel } from './columns.ts'
import type { BlockModel } from './define.ts'
import { dividerModel } from './divider.ts'
import { evidenceModel } from './evidence.ts'
import { faqModel } from './faq.ts'
import { formModel } from './form.ts'
import { galleryModel } from './gallery.ts'
import { headingModel } from './heading.ts'
import { heroModel } from './hero.ts'
import { imageModel } from './image.ts'
import { menuModel } from './menu.ts'
import { pageTitleModel } from './page-title.ts'
import { policyModel } from './policy.ts'
import { questionnaireModel } from './questionnaire.ts'
import { isRecord, list, readStyles, str } from './reading.ts'
import { receiptModel } from './receipt.ts'
import { spacerModel } from './spacer.ts'
import { statsModel } from './stats.ts'
import { stepsModel } from './steps.ts'
import { testimonialModel } from './testimonial.ts'
import { textModel } from './text.ts'
import {
  libraryWidgetTypes,
  type WidgetCategory,
  type WidgetType,
  widgetCategoryNames,
  widgetTypes,
} from './types.ts'
import { videoModel } from './video.ts'

/**
 * Each widget type's model (docs/decisions/0039-block-registry.md): typed so that a type without
 * one fails to compile. Labels, categories, defaults and reading derive from it.
 */
export const blockModels: { [T in WidgetType]: BlockModel<T> } = {
  text: textModel,
  heading: headingModel,
  image: imageModel,
  video: videoModel,
  button: buttonModel,
  spacer: spacerModel,
  divider: dividerModel,
  form: formModel,
  columns: columnsModel,
  gallery: galleryModel,
  testimonial: testimonialModel,
  menu: menuModel,
  hero: heroModel,
  stats: statsModel,
  steps: stepsModel,
  faq: faqModel,
  questionnaire: questionnaireModel,
  'page-title': pageTitleModel,
  evidence: evidenceModel,
  policy: policyModel,
  receipt: receiptModel,
}

export const widgetLabels = Object.fromEntries(widgetTypes.map((t) => [t, blockModels[t].label])) as Record<
  WidgetType,
  string
>

/** The builder's sidebar: each category's types, in the registry's order. */
export const widgetCategories = Object.fromEntries(
  widgetCategoryNames.map((name) => [name, widgetTypes.filter((t) => blockModels[t].category === name)]),
) as Record<WidgetCategory, WidgetType[]>

/** What a widget dropped in the visual builder starts with (SPEC section 3). */
export const builderDefaults = Object.fromEntries(widgetTypes.map((t) => [t, blockModels[t].defaults])) as {
  [T in WidgetType]: WidgetDefaults<T>
}

export type LibraryWidgetType = (typeof libraryWidgetTypes)[number]
/** What a widget added from the Edit screen's library starts with (SPEC section 3). */
export const libraryDefaults = Object.fromEntries(
  libraryWidgetTypes.map((t) => [t, blockModels[t].libraryDefaults ?? blockModels[t].defaults]),
) as { [T in LibraryWidgetType]: WidgetDefaults<T> }

/** A widget's citations: evidence anchors (lower-case letters, digits, hyphens), at most 10, no repeats. */
export const readCites = (value: unknown): string[] =>
  [
    ...new Set(
      list(value).filter((v): v is string => typeof v === 'string' && /^[a-z][a-z0-9-]{0,59}$/.test(v)),
    ),
  ].slice(0, 10)

/** One stored widget read into the model; unknown types are dropped (null). */
export function readWidget(value: unknown, index = 0): Widget | null {
  if (!isRecord(value) || !(widgetTypes as readonly unknown[]).includes(value.type)) return null
  const type = value.type as WidgetType
  const visibility = readFactCondition(value.visibility)
  const cites = readCites(value.cites)
  return {
    id: str(value.id) || `w${index + 1}`,
    type,
    content: blockModels[type].read(isRecord(value.content) ? value.content : {}),
    styles: readStyles(value.styles),
    ...(visibility ? { visibility } : {}),
    ...(value.placeholder === true ? { placeholder: true } : {}),
    ...(cites.length ? { cites } : {}),
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
