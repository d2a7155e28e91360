import {
  libraryWidgetTypes,
  type PageContent,
  type Widget,
  type WidgetCategory,
  type WidgetDefaults,
  type WidgetType,
  widgetCategoryNames,
  widgetTypes,
} from '../../../core/page-content.ts'
import { buttonBlock } from './button.tsx'
import { columnsBlock } from './columns.tsx'
import type { BlockDefinition } from './define-block.ts'
import { dividerBlock } from './divider.tsx'
import { formBlock } from './form.tsx'
import { galleryBlock } from './gallery.tsx'
import { headingBlock } from './heading.tsx'
import { imageBlock } from './image.tsx'
import { menuBlock } from './menu.tsx'
import { isRecord, list, readStyles, str } from './reading.ts'
import { spacerBlock } from './spacer.tsx'
import { testimonialBlock } from './testimonial.tsx'
import { textBlock } from './text.tsx'
import { videoBlock } from './video.tsx'

/**
 * The block registry (docs/decisions/0039-block-registry.md): one definition per widget type.
 * Adding a type means a definition file here and its name in core/page-content.ts `widgetTypes`.
 */
export const blocks: { [T in WidgetType]: BlockDefinition<T> } = {
  text: textBlock,
  heading: headingBlock,
  image: imageBlock,
  video: videoBlock,
  button: buttonBlock,
  spacer: spacerBlock,
  divider: dividerBlock,
  form: formBlock,
  columns: columnsBlock,
  gallery: galleryBlock,
  testimonial: testimonialBlock,
  menu: menuBlock,
}

export const blockOf = <T extends WidgetType>(type: T): BlockDefinition<T> =>
  blocks[type] as BlockDefinition<T>

export const widgetLabels = Object.fromEntries(widgetTypes.map((t) => [t, blocks[t].label])) as Record<
  WidgetType,
  string
>

/** The builder's sidebar: each category's types, in the registry's order. */
export const widgetCategories = Object.fromEntries(
  widgetCategoryNames.map((name) => [name, widgetTypes.filter((t) => blocks[t].category === name)]),
) as Record<WidgetCategory, WidgetType[]>

export const builderDefaults = Object.fromEntries(widgetTypes.map((t) => [t, blocks[t].defaults])) as {
  [T in WidgetType]: WidgetDefaults<T>
}

export type LibraryWidgetType = (typeof libraryWidgetTypes)[number]
export const libraryDefaults = Object.fromEntries(
  libraryWidgetTypes.map((t) => [t, blocks[t].libraryDefaults ?? blocks[t].defaults]),
) as { [T in LibraryWidgetType]: WidgetDefaults<T> }

/** One stored widget read into the model; unknown types are dropped (null). */
export function readWidget(value: unknown, index = 0): Widget | null {
  if (!isRecord(value) || !(widgetTypes as readonly unknown[]).includes(value.type)) return null
  const type = value.type as WidgetType
  return {
    id: str(value.id) || `w${index + 1}`,
    type,
    content: blocks[type].read(isRecord(value.content) ? value.content : {}),
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
