import { boxStyles, defineBlockModel } from './define.ts'
import { anchor, records, str } from './reading.ts'

/** The band of key figures, each with an optional link to its evidence card. */
export const statsModel = defineBlockModel({
  type: 'stats',
  label: 'Statistics band',
  category: 'Site sections',
  defaults: {
    content: {
      label: 'Key figures',
      items: [{ value: '40M+', label: 'agreements affected', evidence: '' }],
    },
    styles: {},
  },
  read: (raw) => ({
    label: str(raw.label, 'Key figures'),
    items: records(raw.items, ['value', 'label', 'evidence'] as const).map((item) => ({
      ...item,
      evidence: anchor(item.evidence),
    })),
  }),
  fields: [
    { kind: 'text', key: 'label', label: 'Name for screen readers' },
    {
      kind: 'list',
      key: 'items',
      itemName: 'Figure',
      item: [
        { key: 'value', label: 'figure' },
        { key: 'label', label: 'label' },
        { key: 'evidence', label: 'evidence card anchor (optional)' },
      ],
      blank: { value: '', label: '', evidence: '' },
    },
  ],
  styles: boxStyles,
})
