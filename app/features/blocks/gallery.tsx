import { galleryModel } from '../../../core/blocks/gallery.ts'
import { isSafeImageSrc } from '../../../core/links.ts'
import { imageAttributes, useBlockContext } from './block-context.tsx'
import { defineBlock } from './define-block.ts'

export const galleryBlock = defineBlock(galleryModel, function GalleryBlock({ id, content, style }) {
  const { images, leadWidgetId } = useBlockContext()
  const shown = content.images.filter((image) => isSafeImageSrc(image.src))
  if (shown.length === 0) return null
  return (
    <div className="widget-gallery" style={style}>
      {shown.map((image, i) => (
        <img
          // biome-ignore lint/suspicious/noArrayIndexKey: images are positional
          key={i}
          src={image.src}
          alt={image.alt}
          {...imageAttributes(image.src, image, images, leadWidgetId === id && i === 0)}
        />
      ))}
    </div>
  )
})
