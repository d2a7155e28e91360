import { describe, expect, it } from 'vitest'
import { renditionWidths } from './images.server.ts'

describe('renditionWidths', () => {
  it.each([
    [2000, [480, 960, 1600]],
    [1600, [480, 960, 1600]],
    [1200, [480, 960, 1200]],
    [960, [480, 960]],
    [700, [480, 700]],
    [480, [480]],
    [300, [300]],
    [1, [1]],
  ])('an image %i pixels wide is written at %j', (width, widths) => {
    expect(renditionWidths(width)).toEqual(widths)
  })
})
