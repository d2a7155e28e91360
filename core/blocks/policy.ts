import { defineBlockModel } from './define.ts'
import { anchor, records } from './reading.ts'
import { policyActions } from './types.ts'

/** A policy's sections: each a heading at its own anchor and a rich-text body, numbered or not. */
export const policyModel = defineBlockModel({
  type: 'policy',
  label: 'Policy sections',
  category: 'Site sections',
  defaults: {
    content: {
      numbered: 'yes',
      sections: [{ anchor: 'section-1', title: 'Section title', body: '<p>Section text.</p>', action: '' }],
    },
    styles: {},
  },
  read: (raw) => ({
    numbered: raw.numbered === 'no' ? 'no' : 'yes',
    sections: records(raw.sections, ['anchor', 'title', 'body', 'action'] as const).map((s, i) => ({
      ...s,
      anchor: anchor(s.anchor, `section-${i + 1}`),
      action: policyActions.find((a) => a === s.action.trim()) ?? '',
    })),
  }),
  fields: [
    {
      kind: 'select',
      key: 'numbered',
      label: 'Numbering',
      options: [
        { value: 'yes', label: 'Number the sections' },
        { value: 'no', label: 'No numbers' },
      ],
    },
    {
      kind: 'list',
      key: 'sections',
      itemName: 'Section',
      item: [
        { key: 'anchor', label: 'anchor' },
        { key: 'title', label: 'title' },
        { key: 'body', label: 'text', kind: 'html' },
        { key: 'action', label: 'button (cookie-preferences, counting-choice, or blank)' },
      ],
      blank: { anchor: '', title: '', body: '', action: '' },
    },
  ],
  styles: [],
})
