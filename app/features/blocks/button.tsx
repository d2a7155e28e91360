import { linkHref } from '../../../core/links.ts'
import { allStyles, defineBlock } from './define-block.ts'
import { str } from './reading.ts'

export const buttonBlock = defineBlock({
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
  Component: ({ content, style }) => (
    <p>
      <a href={linkHref(content.link)} className="widget-button" style={style}>
        {content.text}
      </a>
    </p>
  ),
})
