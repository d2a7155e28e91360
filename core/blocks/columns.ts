import { allStyles, defineBlockModel } from './define.ts'
import { list, str } from './reading.ts'

/** One to four columns; anything else is two. */
export const columnCount = (value: unknown) => Math.min(Math.max(Math.trunc(Number(value)) || 2, 1), 4)

export const columnsModel = defineBlockModel({
  type: 'columns',
  label: 'Columns',
  category: 'Layout',
  defaults: { content: { columns: 2, texts: ['Column 1', 'Column 2'] }, styles: {} },
  read: (raw) => {
    const columns = columnCount(raw.columns)
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
        const columns = columnCount(value)
        const texts = list(content.texts)
        return { columns, texts: Array.from({ length: columns }, (_, i) => texts[i] ?? `Column ${i + 1}`) }
      },
    },
    { kind: 'html-list', key: 'texts', itemLabel: 'Column' },
  ],
  styles: allStyles,
})
