import { allStyles, defineBlockModel } from './define.ts'
import { str } from './reading.ts'

export const formModel = defineBlockModel({
  type: 'form',
  label: 'Contact Form',
  category: 'Forms',
  defaults: { content: { title: 'Check your claim' }, styles: {} },
  read: (raw) => ({ title: str(raw.title, 'Check your claim') }),
  fields: [{ kind: 'text', key: 'title', label: 'Form title' }],
  styles: allStyles,
})
