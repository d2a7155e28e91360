import type { ComponentType, CSSProperties } from 'react'
import type {
  WidgetCategory,
  WidgetContentMap,
  WidgetDefaults,
  WidgetStyles,
  WidgetType,
} from '../../../core/page-content.ts'

/** A settings field of a block, rendered by the one field renderer (fields/block-fields.tsx). */
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
  /** An image's address and alt text (fields/image-field.tsx). */
  | { kind: 'image'; label: string }
  /** A list of items with add and remove: images, or pairs of text fields. */
  | {
      kind: 'list'
      key: string
      itemName: string
      item: 'image' | readonly { key: string; label: string }[]
      blank: Record<string, string>
    }
  | { kind: 'note'; text: string }

export type StyleField = keyof WidgetStyles

/** What a block's component receives: its content read into the model, and its valid styles. */
export type BlockProps<T extends WidgetType> = {
  id: string
  content: WidgetContentMap[T]
  style: CSSProperties | undefined
}

export type BlockDefinition<T extends WidgetType> = {
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
  Component: ComponentType<BlockProps<T>>
}

export const defineBlock = <T extends WidgetType>(definition: BlockDefinition<T>) => definition

/** Every style field, as the builder's Style Panel lists them. */
export const allStyles = [
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
] as const satisfies readonly StyleField[]

export const boxStyles = [
  'backgroundColor',
  'margin',
  'padding',
  'borderWidth',
  'borderColor',
  'borderRadius',
] as const satisfies readonly StyleField[]
