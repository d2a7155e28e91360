import { linkHref } from '../../../core/links.ts'
import { allStyles, defineBlock } from './define-block.ts'
import { isRecord, list, str } from './reading.ts'

export const menuBlock = defineBlock({
  type: 'menu',
  label: 'Menu',
  category: 'Navigation',
  defaults: { content: { links: [{ text: 'Home', url: '/' }] }, styles: {} },
  read: (raw) => ({
    links: list(raw.links)
      .filter(isRecord)
      .map((link) => ({ text: str(link.text), url: str(link.url) })),
  }),
  fields: [
    {
      kind: 'list',
      key: 'links',
      itemName: 'Link',
      item: [
        { key: 'text', label: 'text' },
        { key: 'url', label: 'URL' },
      ],
      blank: { text: '', url: '' },
    },
  ],
  styles: allStyles,
  Component: ({ content, style }) => (
    <nav aria-label="Page menu" style={style}>
      <ul>
        {content.links.map((link, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: links are positional
          <li key={i}>
            <a href={linkHref(link.url)}>{link.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  ),
})
