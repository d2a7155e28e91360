import { headingModel } from '../../../core/blocks/heading.ts'
import { defineBlock } from './define-block.ts'

export const headingBlock = defineBlock(headingModel, function HeadingBlock({ content, style }) {
  const Tag = `h${content.level}` as 'h2'
  return <Tag style={style}>{content.text}</Tag>
})
