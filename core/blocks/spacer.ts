import { defineBlockModel } from './define.ts'
import { str } from './reading.ts'
import { HEIGHT } from './types.ts'

/** A spacer's height: one length in px, rem or em, else the default 40px (everywhere alike). */
export const spacerHeight = (value: string) => (HEIGHT.test(value.trim()) ? value.trim() : '40px')

export const spacerModel = defineBlockModel({
  type: 'spacer',
  label: 'Spacer',
  category: 'Basic',
  defaults: { content: { height: '40px' }, styles: {} },
  read: (raw) => ({ height: spacerHeight(str(raw.height, '40px')) }),
  fields: [{ kind: 'text', key: 'height', label: 'Spacer height', hint: 'e.g. 40px, 2.5rem or 3em' }],
  styles: [],
})
