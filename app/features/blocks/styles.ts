import { type CSSProperties, createElement } from 'react'
import type { WidgetStyles } from '../../../core/page-content.ts'
import { isSafeStyleValue, safeStyles } from '../../../core/page-styles.ts'
import { responsiveCss } from '../../../core/responsive-styles.ts'

/** Valid styles only (core/page-styles.ts), as a React style object; nothing when none is set. */
export function styleObject(styles: WidgetStyles | null): CSSProperties | undefined {
  if (!styles) return undefined
  const s = safeStyles(styles)
  const style: CSSProperties = {
    fontSize: s.fontSize,
    fontWeight: s.fontWeight as CSSProperties['fontWeight'],
    color: s.color ?? s.textColor,
    backgroundColor: s.backgroundColor,
    margin: s.margin,
    padding: s.padding,
    borderWidth: s.borderWidth,
    borderStyle: s.borderWidth ? 'solid' : undefined,
    borderColor: s.borderColor,
    borderRadius: s.borderRadius,
    textAlign: s.textAlign as CSSProperties['textAlign'],
  }
  return Object.values(style).some((v) => v !== undefined) ? style : undefined
}

/**
 * The per-device values of one widget or section as a `<style>` of media queries
 * (core/responsive-styles.ts), rendered next to it on the site, in the Preview and on the canvas,
 * whose device frames are as wide as the device. Nothing when it has none.
 */
export function ResponsiveStyle({
  attribute,
  id,
  target = '',
  styles,
}: {
  attribute: 'data-widget-id' | 'data-section-id'
  id: string
  target?: string
  styles: WidgetStyles
}) {
  const css = responsiveCss(attribute, id, target, styles, isSafeStyleValue)
  // Built only from checked values and a checked id (no quote, `<` or brace can reach it); as
  // markup so the selector's quotes are not escaped.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
  return css ? createElement('style', { dangerouslySetInnerHTML: { __html: css } }) : null
}
