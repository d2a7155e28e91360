import type { WidgetStyles } from '../page-content.ts'
import { deviceStyleFields } from '../responsive-styles.ts'
import { styleFields } from './types.ts'

/** Tolerant readers for stored content: whatever was saved, the model gets a valid value. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const str = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback

export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/** A positive whole number of pixels, or nothing. */
export function pixels(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() ? Number(value) : value
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 20000 ? n : undefined
}

/** Optional pixel size fields, only when valid. */
export function pixelSize(raw: Record<string, unknown>): { pixelWidth?: number; pixelHeight?: number } {
  const width = pixels(raw.pixelWidth)
  const height = pixels(raw.pixelHeight)
  return { ...(width ? { pixelWidth: width } : {}), ...(height ? { pixelHeight: height } : {}) }
}

export function readStyles(value: unknown): WidgetStyles {
  if (!isRecord(value)) return {}
  const styles: WidgetStyles = {}
  for (const field of [...styleFields, ...deviceStyleFields]) {
    const v = value[field]
    if (typeof v === 'string' || typeof v === 'number') styles[field] = String(v)
  }
  return styles
}

/** An element id (an anchor to scroll or link to): lower-case letters, digits and hyphens only. */
export const anchor = (value: unknown, fallback = ''): string => {
  const id = str(value)
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return id && /^[a-z]/.test(id) ? id.slice(0, 60) : fallback
}

/** Items of a list, each a record of strings with the given keys. */
export const records = <K extends string>(value: unknown, keys: readonly K[]): Record<K, string>[] =>
  list(value)
    .filter(isRecord)
    .map((item) => Object.fromEntries(keys.map((key) => [key, str(item[key])])) as Record<K, string>)
