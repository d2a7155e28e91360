import type { WidgetContentMap, WidgetDefaults, WidgetStyles } from '../page-content.ts'
import { styleFields, type WidgetCategory, type WidgetType } from './types.ts'

/** A settings field of a block, rendered by the one field renderer (app/features/blocks/fields). */
export type FieldSpec =
  | {
      kind: 'text' | 'textarea' | 'html' | 'url'
      key: string
      label: string
      hint?: string
    }
  | {
      kind: 'select'
      key: string
      label: string
      hint?: string
      options: readonly { value: string | number; label: string }[]
      /** The patch a choice makes (columns also resize their texts); by default `{ [key]: value }`. */
      patch?: (value: string, content: Record<string, unknown>) => Record<string, unknown>
    }
  /** One rich-text field per item of a list of strings (column texts). */
  | { kind: 'html-list'; key: string; itemLabel: string }
  /** An image's address and alt text (app/features/blocks/fields/image-field.tsx). */
  | { kind: 'image'; label: string }
  /** A list of items with add and remove: images, or pairs of text fields. */
  | {
      kind: 'list'
      key: string
      itemName: string
      item: 'image' | readonly { key: string; label: string; kind?: 'text' | 'textarea' | 'html' }[]
      blank: Record<string, string>
    }
  | { kind: 'note'; text: string }

export type StyleField = keyof WidgetStyles

/**
 * Everything about a widget type but how it looks: the React-free half of its block definition,
 * so the server, the builder's state and the page model read pages without React. Its component
 * is in app/features/blocks/{type}.tsx.
 */
export type BlockModel<T extends WidgetType> = {
  type: T
  label: string
  category: WidgetCategory
  /** What a widget dropped in the visual builder starts with. */
  defaults: WidgetDefaults<T>
  /** What the Edit screen's widget library adds (its four types only). */
  libraryDefaults?: WidgetDefaults<T>
  /** Stored content read tolerantly: missing fields take defaults, bad values are coerced or dropped. */
  read: (raw: Record<string, unknown>) => WidgetContentMap[T]
  fields: readonly FieldSpec[]
  /** The Style Panel fields this block offers (and renders). */
  styles: readonly StyleField[]
  /** In the canvas only, next to an empty widget (an image without an address renders nothing). */
  placeholder?: (content: WidgetContentMap[T]) => string | null
}

export const defineBlockModel = <T extends WidgetType>(model: BlockModel<T>) => model

/** Every style field, as the builder's Style Panel lists them. */
export const allStyles: readonly StyleField[] = styleFields

export const boxStyles = [
  'backgroundColor',
  'margin',
  'padding',
  'borderWidth',
  'borderColor',
  'borderRadius',
] as const satisfies readonly StyleField[]
