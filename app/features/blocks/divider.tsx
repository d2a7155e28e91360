import { dividerModel } from '../../../core/blocks/divider.ts'
import { defineBlock } from './define-block.ts'

export const dividerBlock = defineBlock(dividerModel, function DividerBlock({ style }) {
  return <hr style={style} />
})
