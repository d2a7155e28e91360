import { boxStyles, defineBlock } from './define-block.ts'

export const dividerBlock = defineBlock({
  type: 'divider',
  label: 'Divider',
  category: 'Basic',
  defaults: { content: {}, styles: {} },
  read: () => ({}),
  fields: [{ kind: 'note', text: 'A divider has no content of its own.' }],
  styles: boxStyles,
  Component: ({ style }) => <hr style={style} />,
})
