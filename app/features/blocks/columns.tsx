import { useBlockContext } from './block-context.tsx'
import { allStyles, defineBlock } from './define-block.ts'
import { list, str } from './reading.ts'
import { RichHtml } from './text.tsx'

const count = (value: unknown) => Math.min(Math.max(Math.trunc(Number(value)) || 2, 1), 4)

export const columnsBlock = defineBlock({
  type: 'columns',
  label: 'Columns',
  category: 'Layout',
  defaults: { content: { columns: 2, texts: ['Column 1', 'Column 2'] }, styles: {} },
  read: (raw) => {
    const columns = count(raw.columns)
    const texts = list(raw.texts).map((t) => str(t))
    return { columns, texts: Array.from({ length: columns }, (_, i) => texts[i] ?? '') }
  },
  fields: [
    {
      kind: 'select',
      key: 'columns',
      label: 'Number of columns',
      options: [1, 2, 3, 4].map((n) => ({ value: n, label: String(n) })),
      patch: (value, content) => {
        const columns = count(value)
        const texts = list(content.texts)
        return { columns, texts: Array.from({ length: columns }, (_, i) => texts[i] ?? `Column ${i + 1}`) }
      },
    },
    { kind: 'html-list', key: 'texts', itemLabel: 'Column' },
  ],
  styles: allStyles,
  Component: function ColumnsBlock({ id, content, style }) {
    const { leadWidgetId } = useBlockContext()
    const lead = leadWidgetId === id ? content.texts.findIndex((text) => /<img\b/i.test(text)) : -1
    return (
      <div
        className="widget-columns"
        style={{ ...style, gridTemplateColumns: `repeat(${count(content.columns)}, minmax(0, 1fr))` }}
      >
        {content.texts.map((text, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
          <RichHtml key={i} html={text} lead={i === lead} />
        ))}
      </div>
    )
  },
})
