import type { PageContent, Widget, WidgetType } from '../../../core/page-content.ts'
import { BlockProvider, type BlockProviderProps } from '../blocks/block-context.tsx'
import {
  BlockView,
  contentClasses,
  PageBlocks,
  PHONE_ORDER_CLASS,
  phoneOrderStyle,
} from '../blocks/block-view.tsx'
import { ResponsiveStyle, styleObject } from '../blocks/styles.ts'

/** The system pages' own blocks draw their whole band; any other block sits in a reading column. */
const bands: ReadonlySet<WidgetType> = new Set([
  'hero',
  'stats',
  'steps',
  'faq',
  'questionnaire',
  'page-title',
  'evidence',
  'policy',
])

const widgetsOf = (content: PageContent): Widget[] =>
  typeof content === 'string'
    ? []
    : 'sections' in content
      ? content.sections.flatMap((s) => s.widgets)
      : content.widgets

/**
 * On phones a questionnaire set to "show it right after the first block" moves up: every block
 * takes an order (twice its place) and it takes 1, so it follows the first (the hero).
 */
function phoneOrders(content: PageContent): Map<string, number> {
  const widgets = widgetsOf(content)
  if (!widgets.some((w, i) => i > 0 && w.type === 'questionnaire' && w.content.phoneFirst === 'yes'))
    return new Map()
  return new Map(
    widgetsOf(content).map((w, i) => [
      w.id,
      w.type === 'questionnaire' && w.content.phoneFirst === 'yes' && i > 0 ? 1 : i * 2,
    ]),
  )
}

/**
 * A system page's blocks (docs/decisions/0075-system-pages-from-blocks.md): the same BlockView as
 * every page, but each band at full width in a flex column (`column`), or, on the reading pages,
 * inside their column. Rich text on a system page is sanitised like anywhere else.
 */
export function SystemPageBlocks({
  content,
  column,
  ...context
}: Omit<BlockProviderProps, 'children'> & {
  /** Classes for a block that is not a band (a text, an image...). */
  column: string
}) {
  if (typeof content === 'string') {
    return (
      <div className={column}>
        <PageBlocks content={content} {...context} />
      </div>
    )
  }
  const orders = phoneOrders(content)
  const view = (widget: Widget) =>
    bands.has(widget.type) ? (
      <BlockView key={widget.id} widget={widget} phoneOrder={orders.get(widget.id)} />
    ) : (
      <div
        key={widget.id}
        className={`${column} ${contentClasses}${orders.has(widget.id) ? ` ${PHONE_ORDER_CLASS}` : ''}`}
        style={phoneOrderStyle(orders.get(widget.id))}
      >
        <BlockView widget={widget} />
      </div>
    )
  return (
    <BlockProvider content={content} {...context}>
      {'sections' in content
        ? content.sections.map((section) => {
            const style = styleObject(section.styles)
            return (
              <div
                key={section.id}
                data-section-id={section.id}
                className={style ? undefined : 'contents'}
                style={style}
              >
                <ResponsiveStyle attribute="data-section-id" id={section.id} styles={section.styles} />
                {section.widgets.map(view)}
              </div>
            )
          })
        : content.widgets.map(view)}
    </BlockProvider>
  )
}

/** The first FAQ block's questions and answers as plain text, for the FAQPage structured data. */
export function faqItems(content: PageContent): { question: string; answer: string }[] {
  const faq = widgetsOf(content).find((w) => w.type === 'faq')
  if (faq?.type !== 'faq') return []
  return faq.content.items.map((item) => ({ question: item.question, answer: plainText(item.answer) }))
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  '#x27': "'",
  nbsp: ' ',
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim()
}
