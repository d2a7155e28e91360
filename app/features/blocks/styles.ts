import type { CSSProperties } from 'react'
import type { WidgetStyles } from '../../../core/page-content.ts'
import { safeStyles } from '../../../core/page-styles.ts'

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
