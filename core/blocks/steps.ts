import { boxStyles, defineBlockModel } from './define.ts'
import { anchor, records, str } from './reading.ts'

/** Numbered steps under a heading, with an optional boxed note (rich text) below them. */
export const stepsModel = defineBlockModel({
  type: 'steps',
  label: 'Steps',
  category: 'Site sections',
  defaults: {
    content: {
      anchor: 'how-it-works',
      heading: 'How it works',
      items: [{ title: 'First step', text: 'What happens first.' }],
      noteTitle: '',
      note: '',
      layout: 'band',
    },
    styles: {},
  },
  read: (raw) => ({
    anchor: anchor(raw.anchor),
    heading: str(raw.heading, 'How it works'),
    items: records(raw.items, ['title', 'text'] as const),
    noteTitle: str(raw.noteTitle),
    note: str(raw.note),
    layout: raw.layout === 'list' ? 'list' : 'band',
  }),
  fields: [
    { kind: 'text', key: 'anchor', label: 'Anchor', hint: 'The section’s id, for links to #anchor' },
    { kind: 'text', key: 'heading', label: 'Heading' },
    {
      kind: 'list',
      key: 'items',
      itemName: 'Step',
      item: [
        { key: 'title', label: 'title' },
        { key: 'text', label: 'text', kind: 'textarea' },
      ],
      blank: { title: '', text: '' },
    },
    { kind: 'text', key: 'noteTitle', label: 'Note title' },
    { kind: 'html', key: 'note', label: 'Note' },
    {
      kind: 'select',
      key: 'layout',
      label: 'Layout',
      options: [
        { value: 'band', label: 'A full-width band, steps side by side' },
        { value: 'list', label: 'A list in the reading column' },
      ],
    },
  ],
  styles: boxStyles,
})
