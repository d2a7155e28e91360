import { describe, expect, it } from 'vitest'
import { imagesIn } from './image-info.ts'

describe('imagesIn', () => {
  const images = {
    '/uploads/a-1600.webp': { width: 1600, height: 900, srcset: '/uploads/a-480.webp 480w' },
    '/uploads/b-960.webp': { width: 960, height: 960, srcset: '/uploads/b-480.webp 480w' },
  }
  it('keeps the images a page mentions, in widgets or in HTML', () => {
    expect(
      Object.keys(
        imagesIn(images, { widgets: [{ type: 'image', content: { src: '/uploads/a-1600.webp' } }] }),
      ),
    ).toEqual(['/uploads/a-1600.webp'])
    expect(Object.keys(imagesIn(images, '<p><img src="/uploads/b-960.webp"></p>'))).toEqual([
      '/uploads/b-960.webp',
    ])
  })
  it('gives nothing for a page without uploads', () => {
    expect(imagesIn(images, { sections: [] })).toEqual({})
  })
})
