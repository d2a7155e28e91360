import { defineBlockModel } from './define.ts'
import { anchor, records } from './reading.ts'

const keys = ['anchor', 'claim', 'explanation', 'source', 'date', 'publisher', 'url'] as const

/** Evidence cards, each at its own anchor, with its source opening in a new tab. */
export const evidenceModel = defineBlockModel({
  type: 'evidence',
  label: 'Evidence cards',
  category: 'Site sections',
  defaults: {
    content: {
      items: [
        {
          anchor: 'evidence-1',
          claim: 'What the source shows',
          explanation: 'Why it matters.',
          source: 'Title of the source',
          date: '',
          publisher: '',
          url: 'https://',
        },
      ],
    },
    styles: {},
  },
  read: (raw) => ({
    items: records(raw.items, keys).map((item, i) => ({
      ...item,
      anchor: anchor(item.anchor, `evidence-${i + 1}`),
    })),
  }),
  fields: [
    {
      kind: 'list',
      key: 'items',
      itemName: 'Card',
      item: [
        { key: 'anchor', label: 'anchor' },
        { key: 'claim', label: 'claim' },
        { key: 'explanation', label: 'explanation', kind: 'textarea' },
        { key: 'source', label: 'source' },
        { key: 'date', label: 'published' },
        { key: 'publisher', label: 'publisher' },
        { key: 'url', label: 'source address' },
      ],
      blank: { anchor: '', claim: '', explanation: '', source: '', date: '', publisher: '', url: '' },
    },
  ],
  styles: [],
})
