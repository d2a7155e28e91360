import { isSafeImageSrc } from '../links.ts'
import { boxStyles, defineBlockModel } from './define.ts'
import { isRecord, list, pixelSize, str } from './reading.ts'

export const galleryModel = defineBlockModel({
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
})
