import type { Widget } from '../../../../core/page-content.ts'
import type { BlockDefinition } from '../../blocks/define-block.ts'
import { BlockFields } from '../../blocks/fields/block-fields.tsx'
import { blocks } from '../../blocks/registry.ts'

export { widgetLabels } from '../../blocks/registry.ts'

/** Each widget type's own content fields, from its block definition. */
export function WidgetFields({
  widget,
  onPatch,
}: {
  widget: Widget
  onPatch: (patch: Record<string, unknown>) => void
}) {
  const block = blocks[widget.type] as BlockDefinition<Widget['type']>
  return <BlockFields fields={block.fields} content={widget.content} onPatch={onPatch} />
}
