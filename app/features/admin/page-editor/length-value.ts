import { type LengthUnit, lengthUnits } from '../../../../core/schemas/styles.ts'

/** A size as the Style Panel edits it: a number (as typed) and a unit. */
export type Length = { number: string; unit: LengthUnit }

const ONE = /^(-?\d+(?:\.\d+)?)(px|rem|em|%)?$/

/** A stored size as number and unit; `0` takes `fallback`'s unit. Null for what the inputs cannot show. */
export function parseLength(value: string, fallback: LengthUnit = 'px'): Length | null {
  const m = ONE.exec(value.trim())
  if (!m) return null
  if (!m[2]) return m[1] === '0' ? { number: '0', unit: fallback } : null
  return { number: m[1] ?? '', unit: m[2] as LengthUnit }
}

export const composeLength = ({ number, unit }: Length) =>
  number.trim() === '' ? '' : `${number.trim()}${unit}`

/** Spacing as four sides with one unit; a stored shorthand of 1 to 4 sizes is spread as CSS does. */
export type Spacing = { sides: [string, string, string, string]; unit: LengthUnit }

export function parseSpacing(value: string): Spacing | null {
  if (value.trim() === '') return { sides: ['', '', '', ''], unit: 'px' }
  const parts = value.trim().split(/\s+/)
  if (parts.length > 4) return null
  const unit = parts.map((p) => parseLength(p)?.unit).find((u, i) => u && parts[i] !== '0') ?? 'px'
  const lengths = parts.map((p) => parseLength(p, unit))
  if (lengths.some((l) => !l || l.unit !== unit)) return null
  const n = lengths.map((l) => l?.number ?? '')
  const [top = '', right = top, bottom = top, left = right] = n
  return { sides: [top, right, bottom, left], unit }
}

/** Four sides back to CSS: nothing when all are empty, one value when all agree; empty sides are 0. */
export function composeSpacing({ sides, unit }: Spacing): string {
  if (sides.every((s) => s.trim() === '')) return ''
  const values = sides.map((s) => {
    const n = s.trim() === '' ? '0' : s.trim()
    return Number(n) === 0 ? '0' : `${n}${unit}`
  })
  return values.every((v) => v === values[0]) ? (values[0] ?? '') : values.join(' ')
}

export { lengthUnits }
