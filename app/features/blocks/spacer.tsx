import { spacerHeight, spacerModel } from '../../../core/blocks/spacer.ts'
import { defineBlock } from './define-block.ts'

export const spacerBlock = defineBlock(spacerModel, function SpacerBlock({ content }) {
  return <div aria-hidden="true" className="widget-spacer" style={{ height: spacerHeight(content.height) }} />
})
