import { columnCount, columnsModel } from '../../../core/blocks/columns.ts'
import { useBlockContext } from './block-context.tsx'
import { defineBlock } from './define-block.ts'
import { RichHtml } from './text.tsx'

export const columnsBlock = defineBlock(columnsModel, function ColumnsBlock({ id, content, style }) {
  const { leadWidgetId } = useBlockContext()
  const lead = leadWidgetId === id ? content.texts.findIndex((text) => /<img\b/i.test(text)) : -1
  return (
    <div
      className="widget-columns"
      style={{ ...style, gridTemplateColumns: `repeat(${columnCount(content.columns)}, minmax(0, 1fr))` }}
    >
      {content.texts.map((text, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
        <RichHtml key={i} html={text} lead={i === lead} />
      ))}
    </div>
  )
})
