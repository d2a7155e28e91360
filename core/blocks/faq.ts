import { boxStyles, defineBlockModel } from './define.ts'
import { anchor, records, str } from './reading.ts'

/** Questions and rich-text answers: the first open, several may be, without JavaScript too. */
export const faqModel = defineBlockModel({
  type: 'faq',
  label: 'FAQ accordion',
  category: 'Site sections',
  defaults: {
    content: {
      anchor: 'faq',
      heading: 'Frequently asked questions',
      items: [{ question: 'A question?', answer: '<p>Its answer.</p>' }],
    },
    styles: {},
  },
  read: (raw) => ({
    anchor: anchor(raw.anchor),
    heading: str(raw.heading),
    items: records(raw.items, ['question', 'answer'] as const),
  }),
  fields: [
    { kind: 'text', key: 'anchor', label: 'Anchor', hint: 'The section’s id, for links to #anchor' },
    { kind: 'text', key: 'heading', label: 'Heading' },
    {
      kind: 'list',
      key: 'items',
      itemName: 'Question',
      item: [
        { key: 'question', label: 'question' },
        { key: 'answer', label: 'answer', kind: 'html' },
      ],
      blank: { question: '', answer: '' },
    },
  ],
  styles: boxStyles,
})
