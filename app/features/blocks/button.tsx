import { buttonModel } from '../../../core/blocks/button.ts'
import { linkHref } from '../../../core/links.ts'
import { defineBlock } from './define-block.ts'

export const buttonBlock = defineBlock(
  buttonModel,
  function ButtonBlock({ content, style }) {
    return (
      <p>
        <a href={linkHref(content.link)} className="widget-button" style={style}>
          {content.text}
        </a>
      </p>
    )
  },
  ' > p > a',
)
