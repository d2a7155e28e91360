import { boxStyles, defineBlockModel } from './define.ts'

export const dividerModel = defineBlockModel({
  type: 'divider',
  label: 'Divider',
  category: 'Basic',
  defaults: { content: {}, styles: {} },
  read: () => ({}),
  fields: [{ kind: 'note', text: 'A divider has no content of its own.' }],
  styles: boxStyles,
})
