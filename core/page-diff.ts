import type { FieldSpec } from './blocks/define.ts'
import { blockModels } from './blocks/models.ts'
import { isRecord, list } from './blocks/reading.ts'
import type { PageContent, Widget } from './page-content.ts'

/**
 * What changed between two versions of a page, in words an editor reads: its fields, then its
 * content as blocks (added, removed, changed, with their text) when both versions are built of
 * blocks, or as lines of text otherwise (an HTML page, or a page whose editor changed).
 */
export type PageVersion = {
  title: string
  slug: string
  metaDescription: string | null
  metaKeywords: string | null
  targetKeyword: string | null
  ogTitle: string | null
  ogDescription: string | null
  content: PageContent | unknown
}

export type FieldChange = { field: string; label: string; before: string | null; after: string | null }
export type BlockChange = {
  change: 'added' | 'removed' | 'changed'
  id: string
  type: string
  before: string | null
  after: string | null
}
export type LineChange = { change: 'added' | 'removed' | 'same'; text: string }
export type PageDiff = { fields: FieldChange[]; blocks: BlockChange[] | null; lines: LineChange[] | null }

const fieldLabels: [keyof PageVersion, string][] = [
  ['title', 'Title'],
  ['slug', 'URL slug'],
  ['metaDescription', 'Meta description'],
  ['metaKeywords', 'Meta keywords'],
  ['targetKeyword', 'Target keyword'],
  ['ogTitle', 'Social title'],
  ['ogDescription', 'Social description'],
]

type Structured = { sections: { widgets: Widget[] }[] } | { widgets: Widget[] }

function widgetsOf(content: unknown): Widget[] | null {
  if (typeof content !== 'object' || content === null) return null
  const value = content as Partial<Record<'sections' | 'widgets', unknown>>
  if (Array.isArray(value.sections)) {
    return (value.sections as Structured[]).flatMap((s) =>
      'widgets' in s && Array.isArray(s.widgets) ? s.widgets : [],
    )
  }
  if (Array.isArray(value.widgets)) return value.widgets as Widget[]
  return null
}

const text = (value: unknown): string => (typeof value === 'string' ? htmlLines(value).join(' ') : '')

/**
 * The words a field holds, read through its block model's field: text, addresses and rich text
 * (tags dropped), list items as their parts, images as address and alt. Choices (layout, level,
 * numbering) and section anchors are left out: they are not words a visitor reads.
 */
function fieldTexts(field: FieldSpec, content: Record<string, unknown>): string[] {
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'html':
    case 'url':
      return field.key === 'anchor' ? [] : [text(content[field.key])]
    case 'image':
      return [text(content.src), text(content.alt)]
    case 'html-list':
      return list(content[field.key]).map(text)
    case 'list':
      return list(content[field.key])
        .filter(isRecord)
        .map((item) =>
          (field.item === 'image'
            ? ['src', 'alt']
            : field.item.filter((f) => f.key !== 'anchor').map((f) => f.key)
          )
            .map((key) => text(item[key]))
            .filter(Boolean)
            .join(' — '),
        )
    default:
      return []
  }
}

/** A block's readable text, field by field as its block model lists them. */
export function blockText(widget: Widget): string {
  const model = blockModels[widget.type]
  const content = isRecord(widget.content) ? widget.content : {}
  return (model?.fields ?? [])
    .flatMap((field) => fieldTexts(field, content))
    .filter(Boolean)
    .join(' · ')
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' }

/** HTML as lines of text: one per paragraph, heading, list item or line break. */
export function htmlLines(html: string): string[] {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/div|\/tr|\/blockquote)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
}

function contentLines(content: unknown): string[] {
  if (typeof content === 'string') return htmlLines(content)
  return (widgetsOf(content) ?? []).map(blockText).filter(Boolean)
}

const MAX_LINES = 2000

/** Lines kept, removed and added, by their longest common subsequence. */
export function diffLines(before: string[], after: string[]): LineChange[] {
  const a = before.slice(0, MAX_LINES)
  const b = after.slice(0, MAX_LINES)
  const common: number[][] = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0))
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const row = common[i] as number[]
      row[j] =
        a[i] === b[j]
          ? ((common[i + 1] as number[])[j + 1] as number) + 1
          : Math.max((common[i + 1] as number[])[j] as number, row[j + 1] as number)
    }
  }
  const out: LineChange[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ change: 'same', text: a[i] as string })
      i++
      j++
    } else if (((common[i + 1] as number[])[j] as number) >= ((common[i] as number[])[j + 1] as number)) {
      out.push({ change: 'removed', text: a[i++] as string })
    } else {
      out.push({ change: 'added', text: b[j++] as string })
    }
  }
  while (i < a.length) out.push({ change: 'removed', text: a[i++] as string })
  while (j < b.length) out.push({ change: 'added', text: b[j++] as string })
  return out
}

function diffBlocks(before: Widget[], after: Widget[]): BlockChange[] {
  const old = new Map(before.map((w) => [w.id, w]))
  const now = new Map(after.map((w) => [w.id, w]))
  const changes: BlockChange[] = []
  for (const widget of after) {
    const previous = old.get(widget.id)
    if (!previous) {
      changes.push({
        change: 'added',
        id: widget.id,
        type: widget.type,
        before: null,
        after: blockText(widget),
      })
    } else if (JSON.stringify(previous) !== JSON.stringify(widget)) {
      changes.push({
        change: 'changed',
        id: widget.id,
        type: widget.type,
        before: blockText(previous),
        after: blockText(widget),
      })
    }
  }
  for (const widget of before) {
    if (!now.has(widget.id)) {
      changes.push({
        change: 'removed',
        id: widget.id,
        type: widget.type,
        before: blockText(widget),
        after: null,
      })
    }
  }
  return changes
}

/** From `before` (a revision) to `after` (the page now). */
export function diffPages(before: PageVersion, after: PageVersion): PageDiff {
  const fields = fieldLabels.flatMap(([field, label]) => {
    const was = (before[field] as string | null) || null
    const is = (after[field] as string | null) || null
    return was === is ? [] : [{ field, label, before: was, after: is }]
  })
  const oldBlocks = widgetsOf(before.content)
  const newBlocks = widgetsOf(after.content)
  if (oldBlocks && newBlocks) return { fields, blocks: diffBlocks(oldBlocks, newBlocks), lines: null }
  return { fields, blocks: null, lines: diffLines(contentLines(before.content), contentLines(after.content)) }
}
