import { type MouseEvent, memo } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { Widget } from '../../../../core/page-content.ts'
import { conditionHolds, describeCondition } from '../../../../core/site-facts.ts'
import { type BlockContext, BlockContextProvider, useBlockContext } from '../../blocks/block-context.tsx'
import { BlockView, contentClasses } from '../../blocks/block-view.tsx'
import type { BlockDefinition } from '../../blocks/define-block.ts'
import { blocks } from '../../blocks/registry.ts'

// A click in the canvas selects; it never follows a widget's link or submits its form.
const stayOnCanvas = (event: MouseEvent) => {
  if ((event.target as HTMLElement).closest('a[href], button[type="submit"]')) event.preventDefault()
}

/**
 * A widget's markup as the canvas inserts it: BlockView (the wrapper and the block's component)
 * rendered to static HTML exactly as the server renders the public page. The browser then parses
 * the same string on both sides, so each `[data-widget-id]` element's DOM (style text, attribute
 * order) is the site's, where a client render would serialise styles and order attributes its own
 * way. Nothing inside a widget needs to respond on the canvas (a click selects it).
 */
export function canvasWidgetHtml(widget: Widget, context: BlockContext): string {
  return (
    renderToStaticMarkup(
      <BlockContextProvider value={context}>
        <BlockView widget={widget} />
      </BlockContextProvider>,
    )
      // React hoists a preload for the page's lead image; the site's goes in its head.
      .replace(/^(<link rel="preload"[^>]*>)+/, '')
  )
}

// No hooks here: the static render runs inside this component's render.
const CanvasWidget = memo(function CanvasWidget({
  widget,
  context,
}: {
  widget: Widget
  context: BlockContext
}) {
  const block = blocks[widget.type] as BlockDefinition<Widget['type']>
  const placeholder = block.placeholder?.(widget.content as never) ?? null
  const hidden = widget.visibility && !conditionHolds(widget.visibility, context.facts?.values ?? {})
  return (
    // Players take no clicks here, so a click on a video selects its widget like any other.
    <div
      className={`${contentClasses} [&_iframe]:pointer-events-none [&_video]:pointer-events-none`}
      onClickCapture={stayOnCanvas}
    >
      <div
        className="contents"
        // The block registry's output: its HTML fields went through core/page-html.ts.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
        dangerouslySetInnerHTML={{ __html: canvasWidgetHtml(widget, context) }}
      />
      {placeholder ? (
        <p
          data-canvas-placeholder=""
          className="!mt-0 rounded border border-slate-300 border-dashed bg-slate-50 p-4 text-center text-slate-500 text-sm"
        >
          {placeholder}
        </p>
      ) : null}
      {widget.visibility ? (
        <p data-canvas-visibility="" className="!mt-0 rounded bg-amber-50 px-2 py-1 text-amber-900 text-xs">
          {`${describeCondition(widget.visibility)}${hidden ? ': hidden on the site now' : ''}`}
        </p>
      ) : null}
    </div>
  )
})

/**
 * A widget as the canvas shows it: the site's own markup (see `canvasWidgetHtml`), with the page's
 * images and lead image from the builder's BlockProvider, and a hint beside an empty widget. The
 * hint and this frame are editor chrome, outside the widget's wrapper.
 */
export function WidgetView({ widget }: { widget: Widget }) {
  return <CanvasWidget widget={widget} context={useBlockContext()} />
}
