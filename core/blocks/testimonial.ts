import { allStyles, defineBlockModel } from './define.ts'
import { str } from './reading.ts'

export const testimonialModel = defineBlockModel({
  type: 'testimonial',
  label: 'Testimonial',
  category: 'Content',
  defaults: { content: { text: 'A quote from a happy customer.', author: 'Customer name' }, styles: {} },
  read: (raw) => ({
    text: str(raw.text, 'A quote from a happy customer.'),
    author: str(raw.author, 'Customer name'),
  }),
  fields: [
    { kind: 'textarea', key: 'text', label: 'Quote' },
    { kind: 'text', key: 'author', label: 'Author' },
  ],
  styles: allStyles,
})
