import { describe, expect, it } from 'vitest'
import { contrastRatio, parseColour, widgetContrast } from './contrast.ts'

describe('colour parsing', () => {
  it.each([
    ['#fff', [255, 255, 255]],
    ['#0f172a', [15, 23, 42]],
    ['#0f172aff', [15, 23, 42]],
    ['rgb(10, 20, 30)', [10, 20, 30]],
    ['White', [255, 255, 255]],
  ])('%s', (value, rgb) => expect(parseColour(value)).toEqual(rgb))

  it.each(['rgba(0,0,0,0.5)', '#0008', 'papayawhip', 'url(x)'])('does not judge %s', (value) =>
    expect(parseColour(value)).toBeNull(),
  )
})

describe('WCAG contrast', () => {
  it('computes the ratio of two colours', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21)
    expect(contrastRatio([255, 255, 255], [255, 255, 255])).toBe(1)
    expect(contrastRatio([118, 118, 118], [255, 255, 255])).toBeCloseTo(4.54, 2)
  })

  const darkSection = { backgroundColor: '#0f172a' }

  it("judges a widget's text against its section's background", () => {
    const check = widgetContrast(
      { type: 'heading', styles: { color: '#1f2937', fontSize: '2rem' } },
      darkSection,
    )
    expect(check?.passes).toBe(false)
    expect(check?.ratio).toBeLessThan(1.5)
    const light = widgetContrast({ type: 'heading', styles: { color: '#f8fafc' } }, darkSection)
    expect(light?.passes).toBe(true)
  })

  it('asks 4.5:1 of body text and 3:1 of large or large bold text', () => {
    // #888888 on the page's slate-50 is about 3.4:1.
    const grey = { color: '#888888' }
    expect(widgetContrast({ type: 'text', styles: { ...grey, fontSize: '16px' } }, {})?.required).toBe(4.5)
    expect(widgetContrast({ type: 'text', styles: { ...grey, fontSize: '16px' } }, {})?.passes).toBe(false)
    expect(widgetContrast({ type: 'text', styles: { ...grey, fontSize: '24px' } }, {})?.passes).toBe(true)
    expect(
      widgetContrast({ type: 'text', styles: { ...grey, fontSize: '19px', fontWeight: '700' } }, {})
        ?.required,
    ).toBe(3)
    expect(
      widgetContrast({ type: 'text', styles: { ...grey, fontSize: '19px', fontWeight: '600' } }, {})
        ?.required,
    ).toBe(4.5)
  })

  it("uses the device's own size: large on desktop may be body text on a phone", () => {
    const widget = {
      type: 'text' as const,
      styles: { color: '#888888', fontSize: '32px', fontSizeMobile: '14px' },
    }
    expect(widgetContrast(widget, {}, 'desktop')?.passes).toBe(true)
    expect(widgetContrast(widget, {}, 'mobile')?.passes).toBe(false)
  })

  it("takes the section's text colour for text and the widget's own background first", () => {
    expect(widgetContrast({ type: 'text', styles: {} }, { ...darkSection, color: '#ffffff' })?.passes).toBe(
      true,
    )
    expect(widgetContrast({ type: 'text', styles: {} }, darkSection)?.passes).toBe(false)
    expect(
      widgetContrast(
        { type: 'button', styles: { color: '#ffffff', backgroundColor: '#1d4ed8' } },
        { backgroundColor: '#ffffff' },
      )?.passes,
    ).toBe(true)
  })

  it('does not judge colours it cannot read', () => {
    expect(widgetContrast({ type: 'text', styles: { color: 'rgba(0,0,0,0.4)' } }, {})).toBeNull()
  })
})
