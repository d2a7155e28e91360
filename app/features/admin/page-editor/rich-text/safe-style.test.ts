import { describe, expect, it } from 'vitest'
import { safeStyle } from './safe-style.ts'

describe('safeStyle', () => {
  it('keeps the look of a block', () => {
    expect(
      safeStyle(
        'color: #123456; background-color: rgb(1, 2, 3); margin: 0 auto; grid-template-columns: repeat(2, minmax(0, 1fr))',
      ),
    ).toBe(
      'color: #123456; background-color: rgb(1, 2, 3); margin: 0 auto; grid-template-columns: repeat(2, minmax(0, 1fr))',
    )
    expect(safeStyle("font-family: Georgia, 'Times New Roman', serif;")).toBe(
      "font-family: Georgia, 'Times New Roman', serif",
    )
  })

  it('drops positioning, unknown properties and anything that loads or escapes', () => {
    expect(
      safeStyle(
        'position: fixed; top: 0; background-image: url(https://evil.example/x); color: red !important; width: expression(alert(1)); height: var(--x); padding: 1rem',
      ),
    ).toBe('padding: 1rem')
    expect(safeStyle('color: red; background-color: url(javascript:alert(1))')).toBe('color: red')
    expect(safeStyle('nonsense')).toBe('')
  })
})
