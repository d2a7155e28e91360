import { allStyles, defineBlockModel } from './define.ts'
import { str } from './reading.ts'

export const buttonModel = defineBlockModel({
  type: 'button',
  label: 'Button',
  category: 'Basic',
  defaults: {
    content: { text: 'Click Me', link: '#' },
    styles: { color: '#ffffff', backgroundColor: '#3b82f6', padding: '12px 24px', borderRadius: '6px' },
  },
  read: (raw) => ({ text: str(raw.text, 'Click Me'), link: str(raw.link, '#') }),
  fields: [
    { kind: 'text', key: 'text', label: 'Button text' },
    {
      kind: 'url',
      key: 'link',
      label: 'Button link',
      hint: 'http, https, mailto or tel addresses, or a path on this site',
    },
  ],
  styles: allStyles,
})
