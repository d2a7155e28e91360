import { menuModel } from '../../../core/blocks/menu.ts'
import { linkHref } from '../../../core/links.ts'
import { defineBlock } from './define-block.ts'

export const menuBlock = defineBlock(menuModel, function MenuBlock({ content, style }) {
  return (
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
  )
})
