import { isSafeImageSrc } from '../../../core/links.ts'
import { imageAttributes, useBlockContext } from './block-context.tsx'
import { allStyles, defineBlock } from './define-block.ts'
import { pixelSize, str } from './reading.ts'
import { WIDTH } from './styles.ts'

export const imageBlock = defineBlock({
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
  Component: function ImageBlock({ id, content, style }) {
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
  },
})
