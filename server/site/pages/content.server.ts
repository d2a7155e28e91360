import { blockModels } from '../../../core/blocks/models.ts'
import type { WidgetType } from '../../../core/blocks/types.ts'
import { sanitizePageHtml } from '../../../core/page-html.ts'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const clean = (value: unknown) => (typeof value === 'string' ? sanitizePageHtml(value) : value)

/** Every rich-text field a block model declares (core/blocks), in lists too, through the sanitiser. */
function sanitizeWidgetHtml(widget: unknown): unknown {
  if (!isRecord(widget) || !isRecord(widget.content)) return widget
  const model = blockModels[widget.type as WidgetType] as (typeof blockModels)[WidgetType] | undefined
  if (!model) return widget
  const content = { ...widget.content }
  for (const field of model.fields) {
    if (field.kind === 'html') content[field.key] = clean(content[field.key])
    if (field.kind === 'html-list' && Array.isArray(content[field.key]))
      content[field.key] = (content[field.key] as unknown[]).map(clean)
    if (field.kind === 'list' && field.item !== 'image' && Array.isArray(content[field.key])) {
      const html = field.item.filter((f) => f.kind === 'html').map((f) => f.key)
      if (html.length === 0) continue
      content[field.key] = (content[field.key] as unknown[]).map((item) =>
        isRecord(item)
          ? { ...item, ...Object.fromEntries(html.map((key) => [key, clean(item[key])])) }
          : item,
      )
    }
  }
  return { ...widget, content }
}

/**
 * Content as it is stored: HTML strings sanitised, and the HTML inside text widgets too. The shape
 * of structured content is kept as sent (the renderer reads it into the model on the way out).
 */
export function sanitizeStoredContent(content: unknown): unknown {
  if (typeof content === 'string') return sanitizePageHtml(content)
  if (!isRecord(content)) return content
  const out: Record<string, unknown> = { ...content }
  if (Array.isArray(content.sections)) {
    out.sections = content.sections.map((section) =>
      isRecord(section) && Array.isArray(section.widgets)
        ? { ...section, widgets: section.widgets.map(sanitizeWidgetHtml) }
        : section,
    )
  }
  if (Array.isArray(content.widgets)) out.widgets = content.widgets.map(sanitizeWidgetHtml)
  return out
}
