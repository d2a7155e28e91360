import { isSafeImageSrc } from '../links.ts'
import { allStyles, defineBlockModel } from './define.ts'
import { pixelSize, str } from './reading.ts'
import { WIDTH } from './types.ts'

export const imageModel = defineBlockModel({
  type: 'image',
  label: 'Image',
  category: 'Basic',
  defaults: { content: { src: '', alt: '', width: '100%' }, styles: {} },
  libraryDefaults: {
    content: { src: '', alt: 'Image description', width: '100%' },
    styles: { textAlign: 'left' },
  },
  read: (raw) => ({
    src: str(raw.src),
    alt: str(raw.alt),
    width: WIDTH.test(str(raw.width).trim()) ? str(raw.width).trim() : '100%',
    ...pixelSize(raw),
  }),
  fields: [
    { kind: 'image', label: 'Image' },
    { kind: 'text', key: 'width', label: 'Width', hint: 'e.g. 100% or 480px' },
  ],
  styles: allStyles,
  placeholder: (content) =>
    isSafeImageSrc(content.src) ? null : 'Image: set its URL (a web address or an upload) in the panel',
})
