import type { ComponentType, CSSProperties } from 'react'
import type { BlockModel } from '../../../core/blocks/define.ts'
import type { WidgetContentMap, WidgetType } from '../../../core/page-content.ts'

/** What a block's component receives: its content read into the model, and its valid styles. */
export type BlockProps<T extends WidgetType> = {
  id: string
  content: WidgetContentMap[T]
  style: CSSProperties | undefined
}

/** A widget type's whole definition: its model (core/blocks) and the one component that renders it. */
export type BlockDefinition<T extends WidgetType> = BlockModel<T> & {
  Component: ComponentType<BlockProps<T>>
  /** Where the component puts `style`, below the widget's wrapper (per-device CSS targets it). */
  styleTarget: string
}

export const defineBlock = <T extends WidgetType>(
  model: BlockModel<T>,
  Component: ComponentType<BlockProps<T>>,
  styleTarget = ' > *',
): BlockDefinition<T> => ({ ...model, Component, styleTarget })
