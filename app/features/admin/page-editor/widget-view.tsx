import type { MouseEvent } from 'react'
import type { Widget } from '../../../../core/page-content.ts'
import { BlockView, contentClasses } from '../../blocks/block-view.tsx'
import type { BlockDefinition } from '../../blocks/define-block.ts'
import { blocks } from '../../blocks/registry.ts'

// A click in the canvas selects; it never follows a widget's link or submits its form.
const stayOnCanvas = (event: MouseEvent) => {
  if ((event.target as HTMLElement).closest('a[href], button[type="submit"]')) event.preventDefault()
}

/**
 * A widget as the canvas shows it: the site's own markup (BlockView, the same wrapper and
 * component as the public page, inside a BlockProvider for the page's images), with a hint beside
 * an empty widget. The hint and this frame are editor chrome, outside the widget's wrapper.
 */
export function WidgetView({ widget }: { widget: Widget }) {
  const block = blocks[widget.type] as BlockDefinition<Widget['type']>
  const placeholder = block.placeholder?.(widget.content as never) ?? null
  return (
    // Players take no clicks here, so a click on a video selects its widget like any other.
    <div
      className={`${contentClasses} [&_iframe]:pointer-events-none [&_video]:pointer-events-none`}
      onClickCapture={stayOnCanvas}
    >
      <BlockView widget={widget} />
      {placeholder ? (
        <p
          data-canvas-placeholder=""
          className="!mt-0 rounded border border-slate-300 border-dashed bg-slate-50 p-4 text-center text-slate-500 text-sm"
        >
          {placeholder}
        </p>
      ) : null}
    </div>
  )
}
