import { allStyles, defineBlockModel } from './define.ts'
import { isRecord, list, str } from './reading.ts'

export const menuModel = defineBlockModel({
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
})
