import { defineBlock } from './define-block.ts'
import { str } from './reading.ts'
import { HEIGHT } from './styles.ts'

const height = (value: string) => (HEIGHT.test(value.trim()) ? value.trim() : '40px')

export const spacerBlock = defineBlock({
  type: 'spacer',
  label: 'Spacer',
  category: 'Basic',
  defaults: { content: { height: '40px' }, styles: {} },
  read: (raw) => ({ height: height(str(raw.height, '40px')) }),
  fields: [{ kind: 'text', key: 'height', label: 'Spacer height', hint: 'e.g. 40px, 2.5rem or 3em' }],
  styles: [],
  Component: ({ content }) => (
    <div aria-hidden="true" className="widget-spacer" style={{ height: height(content.height) }} />
  ),
})
