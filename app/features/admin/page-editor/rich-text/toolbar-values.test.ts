import { describe, expect, it } from 'vitest'
import { FONT_FAMILIES, FONT_SIZES, listedFontFamily, toHexColor } from './toolbar-values.ts'

describe('toolbar values', () => {
  it('offers the font sizes of SPEC section 9, 12 to 32 px', () => {
    expect(FONT_SIZES).toEqual(['12px', '14px', '16px', '18px', '20px', '24px', '32px'])
  })

  it.each([
    ['#A1B2C3', '#a1b2c3'],
    ['#abc', '#aabbcc'],
    ['rgb(255, 0, 16)', '#ff0010'],
    ['rgba(1, 2, 3, 0.5)', '#010203'],
    ['red', '#000000'],
    [undefined, '#000000'],
  ])('reads %s as %s for the colour input', (value, hex) => {
    expect(toHexColor(value, '#000000')).toBe(hex)
  })

  it('recognises a listed font however the browser quotes it, and leaves others as they are', () => {
    const georgia = FONT_FAMILIES.find((font) => font.label === 'Georgia')?.value
    expect(listedFontFamily('Georgia, "Times New Roman", serif')).toBe(georgia)
    expect(listedFontFamily('Comic Sans MS')).toBe('Comic Sans MS')
  })
})
