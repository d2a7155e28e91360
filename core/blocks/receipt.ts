import { defineBlockModel } from './define.ts'
import { str } from './reading.ts'

/**
 * The thank-you page's own parts: the confirmation with the enquiry's reference and firms (from
 * its cookie, never cached), or how to withdraw consent, quoting that reference.
 */
export const receiptModel = defineBlockModel({
  type: 'receipt',
  label: 'Enquiry receipt',
  category: 'Forms',
  defaults: {
    content: {
      part: 'confirmation',
      heading: '',
      text: 'Your details have been sent securely. A specialist will make contact within 24 hours.',
    },
    styles: {},
  },
  read: (raw) => ({
    part: raw.part === 'withdrawal' ? 'withdrawal' : 'confirmation',
    heading: str(raw.heading),
    text: str(raw.text),
  }),
  fields: [
    {
      kind: 'select',
      key: 'part',
      label: 'Shows',
      options: [
        { value: 'confirmation', label: 'The confirmation, reference and firms' },
        { value: 'withdrawal', label: 'How to withdraw consent (with the reference)' },
      ],
    },
    { kind: 'text', key: 'heading', label: 'Heading' },
    { kind: 'textarea', key: 'text', label: 'Confirmation text', hint: 'The confirmation only' },
  ],
  styles: [],
})
