import type { CSSProperties } from 'react'
import type { PageContent, Widget, WidgetType } from '../../../core/page-content.ts'
import { sanitizePageHtml } from '../../../core/page-html.ts'
import { conditionHolds, resolveFacts, resolveWidgetFacts } from '../../../core/site-facts.ts'
import { BlockProvider, type BlockProviderProps, useBlockContext } from './block-context.tsx'
import type { BlockDefinition } from './define-block.ts'
import { blocks } from './registry.ts'
import { ResponsiveStyle, styleObject } from './styles.ts'

/** A system page's blocks may take another order on phones (the questionnaire after the hero). */
export const PHONE_ORDER_CLASS = 'max-md:order-(--phone-order)'

export const phoneOrderStyle = (order: number | undefined) =>
  order === undefined ? undefined : ({ '--phone-order': order } as CSSProperties)

/** The class every widget's wrapper carries, on the canvas and on the site alike. */
export const WIDGET_CLASS = 'page-widget'

export const contentClasses =
  'prose-content space-y-4 text-slate-800 leading-relaxed [&_a]:text-teal-800 [&_a]:underline [&_h2]:mt-8 [&_h2]:font-bold [&_h2]:text-2xl [&_h2]:text-navy-900 [&_h3]:font-semibold [&_h3]:text-navy-900 [&_h3]:text-xl [&_iframe]:aspect-video [&_iframe]:w-full [&_img]:h-auto [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_video]:w-full'

/**
 * One widget through its block definition, inside the wrapper the canvas and the site share:
 * `<div data-widget-id data-widget-type class="page-widget">`. Editor chrome goes outside it.
 */
export function BlockView({ widget: stored, phoneOrder }: { widget: Widget; phoneOrder?: number }) {
  const { facts, editing } = useBlockContext()
  // A widget shown only while a fact is set (or empty) is left out of the page; the canvas shows it.
  if (facts && !editing && !conditionHolds(stored.visibility, facts.values)) return null
  const widget = facts ? resolveWidgetFacts(stored, facts) : stored
  const block = blocks[widget.type] as BlockDefinition<WidgetType>
  // Only the styles the block offers reach it (a spacer takes none); any block may be hidden.
  const offered = Object.fromEntries(
    Object.entries(widget.styles).filter(([field]) => {
      const base = field.replace(/(Tablet|Mobile)$/, '')
      return field.startsWith('hide') || (block.styles as readonly string[]).includes(base)
    }),
  )
  return (
    <div
      data-widget-id={widget.id}
      data-widget-type={widget.type}
      className={phoneOrder === undefined ? WIDGET_CLASS : `${WIDGET_CLASS} ${PHONE_ORDER_CLASS}`}
      style={phoneOrderStyle(phoneOrder)}
    >
      <ResponsiveStyle
        attribute="data-widget-id"
        id={widget.id}
        target={block.styleTarget}
        styles={offered}
      />
      <block.Component id={widget.id} content={widget.content} style={styleObject(offered)} />
    </div>
  )
}

/** The widgets of a page, or its rich-text HTML, without the provider (the canvas brings its own). */
function PageBody({ content }: { content: PageContent }) {
  const { images, facts, editing } = useBlockContext()
  if (typeof content === 'string') {
    const html = facts ? resolveFacts(content, facts, true) : content
    return (
      <div
        // Through the allow list of core/page-html.ts (stored HTML was sanitised on save too).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
        dangerouslySetInnerHTML={{ __html: sanitizePageHtml(html, { images, lead: true }) }}
      />
    )
  }
  const shows = (widget: Widget) => !facts || editing || conditionHolds(widget.visibility, facts.values)
  if ('sections' in content) {
    return content.sections
      .filter((section) => section.widgets.some(shows))
      .map((section) => (
        <section
          key={section.id}
          data-section-id={section.id}
          className="space-y-4"
          style={styleObject(section.styles)}
        >
          <ResponsiveStyle attribute="data-section-id" id={section.id} styles={section.styles} />
          {section.widgets.map((widget) => (
            <BlockView key={widget.id} widget={widget} />
          ))}
        </section>
      ))
  }
  return content.widgets.map((widget) => <BlockView key={widget.id} widget={widget} />)
}

/**
 * A page's content read into the model (registry.ts readPageContent) as the public page and the
 * editor's Preview show it; the canvas renders each widget through the same `BlockView`.
 */
export function PageBlocks({ content, ...context }: Omit<BlockProviderProps, 'children'>) {
  return (
    <BlockProvider content={content} {...context}>
      <div className={contentClasses}>
        <PageBody content={content} />
      </div>
    </BlockProvider>
  )
}
