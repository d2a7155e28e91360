import { sanitizePageHtml } from '../../../core/page-html.ts'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function sanitizeWidgetHtml(widget: unknown): unknown {
  if (!isRecord(widget) || !isRecord(widget.content)) return widget
  const content = { ...widget.content }
  if (widget.type === 'text' && typeof content.text === 'string') {
    content.text = sanitizePageHtml(content.text)
  }
  if (widget.type === 'columns' && Array.isArray(content.texts)) {
    content.texts = content.texts.map((t) => (typeof t === 'string' ? sanitizePageHtml(t) : t))
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
