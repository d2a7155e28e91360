import { imageModel } from '../../../core/blocks/image.ts'
import { WIDTH } from '../../../core/blocks/types.ts'
import { isSafeImageSrc } from '../../../core/links.ts'
import { imageAttributes, useBlockContext } from './block-context.tsx'
import { defineBlock } from './define-block.ts'

export const imageBlock = defineBlock(imageModel, function ImageBlock({ id, content, style }) {
  const { images, leadWidgetId } = useBlockContext()
  if (!isSafeImageSrc(content.src)) return null
  return (
    <img
      src={content.src}
      alt={content.alt}
      {...imageAttributes(content.src, content, images, leadWidgetId === id)}
      style={{ ...style, width: WIDTH.test(content.width) ? content.width : '100%' }}
    />
  )
})
