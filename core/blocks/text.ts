import { allStyles, defineBlockModel } from './define.ts'
import { str } from './reading.ts'

export const textModel = defineBlockModel({
  type: 'text',
  label: 'Text',
  category: 'Basic',
  defaults: { content: { text: 'Edit this text...' }, styles: {} },
  libraryDefaults: {
    content: { text: 'This is a sample text block. Click to edit this content.' },
    styles: { textAlign: 'left', fontSize: '16px' },
  },
  read: (raw) => ({ text: str(raw.text, 'Edit this text...') }),
  fields: [
    {
      kind: 'html',
      key: 'text',
      label: 'Text content',
      hint: 'Select words to make them bold, italic or a link; the style menu makes a heading.',
    },
  ],
  styles: allStyles,
})
