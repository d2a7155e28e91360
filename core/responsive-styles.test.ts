import { describe, expect, it } from 'vitest'
import { viewports } from './page-content.ts'
import { isSafeStyleValue } from './page-styles.ts'
import {
  deviceField,
  deviceMedia,
  effectiveValue,
  MOBILE_BELOW,
  responsiveCss,
  TABLET_BELOW,
} from './responsive-styles.ts'

const css = (styles: Record<string, string>, id = 'w1', target = ' > *') =>
  responsiveCss('data-widget-id', id, target, styles, isSafeStyleValue)

describe('per-device CSS', () => {
  it('writes nothing for a widget with plain values only, so old pages render as before', () => {
    expect(css({ fontSize: '40px', padding: '12px 24px', color: '#fff' })).toBe('')
  })

  it("writes each narrower device's values in its media query, the phone's after the tablet's", () => {
    expect(
      css({ fontSize: '40px', fontSizeTablet: '32px', fontSizeMobile: '24px', paddingMobile: '0 8px' }),
    ).toBe(
      '@media (max-width: 1023.98px){[data-widget-id="w1"] > *{font-size:32px !important}}' +
        '@media (max-width: 767.98px){[data-widget-id="w1"] > *{font-size:24px !important;padding:0 8px !important}}',
    )
  })

  it('hides a widget on exactly the devices chosen', () => {
    expect(css({ hideDesktop: 'true', hideTablet: 'true', hideMobile: 'false' })).toBe(
      '@media (min-width: 1024px){[data-widget-id="w1"]{display:none !important}}' +
        '@media (min-width: 768px) and (max-width: 1023.98px){[data-widget-id="w1"]{display:none !important}}',
    )
  })

  it('drops values the style checker refuses and ids that could break out of the selector', () => {
    expect(css({ fontSizeMobile: '12px;}body{display:none' })).toBe('')
    expect(css({ marginTablet: 'calc(1px)' })).toBe('')
    expect(css({ fontSizeMobile: '12px' }, 'w"]{}*{x:y')).toBe('')
  })

  it('answers each canvas device preview with its own rules', () => {
    const mobile = viewports.find((v) => v.name === 'mobile')?.width ?? 0
    const tablet = viewports.find((v) => v.name === 'tablet')?.width ?? 0
    expect(mobile).toBeLessThan(MOBILE_BELOW)
    expect(tablet).toBeGreaterThanOrEqual(MOBILE_BELOW)
    expect(tablet).toBeLessThan(TABLET_BELOW)
    expect(deviceMedia.desktop).toBe('(min-width: 1024px)')
  })

  it("falls back to the next wider device's value", () => {
    const styles = { fontSize: '40px', fontSizeTablet: '32px' }
    expect(effectiveValue(styles, 'fontSize', 'mobile')).toBe('32px')
    expect(effectiveValue(styles, 'fontSize', 'desktop')).toBe('40px')
    expect(effectiveValue({ paddingMobile: '4px' }, 'padding', 'tablet')).toBeUndefined()
    expect(deviceField('margin', 'mobile')).toBe('marginMobile')
    expect(deviceField('margin', 'desktop')).toBe('margin')
  })
})
