import { isSafeImageSrc } from '../../../core/links.ts'
import { imageAttributes, useBlockContext } from './block-context.tsx'
import { boxStyles, defineBlock } from './define-block.ts'
import { isRecord, list, pixelSize, str } from './reading.ts'

export const galleryBlock = defineBlock({
  type: 'gallery',
  label: 'Gallery',
  category: 'Media',
  defaults: { content: { images: [] }, styles: {} },
  read: (raw) => ({
    images: list(raw.images)
      .filter(isRecord)
      .map((image) => ({ src: str(image.src), alt: str(image.alt), ...pixelSize(image) })),
  }),
  fields: [{ kind: 'list', key: 'images', itemName: 'Image', item: 'image', blank: { src: '', alt: '' } }],
  styles: boxStyles,
  placeholder: (content) =>
    content.images.some((i) => isSafeImageSrc(i.src)) ? null : 'Gallery: add images in the panel',
  Component: function GalleryBlock({ id, content, style }) {
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
  },
})
