import { textModel } from '../../../core/blocks/text.ts'
import { sanitizePageHtml } from '../../../core/page-html.ts'
import { useBlockContext } from './block-context.tsx'
import { type BlockProps, defineBlock } from './define-block.ts'

/** Rich text: the one sanitiser runs on render too, so the canvas shows exactly what the site serves. */
export function RichHtml({
  html,
  lead,
  style,
}: {
  html: string
  /** This HTML holds the page's first image (block-context.tsx). */
  lead: boolean
  style?: BlockProps<'text'>['style']
}) {
  const { images } = useBlockContext()
  return (
    <div
      style={style}
      // Through the allow list of core/page-html.ts, here as on save.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
      dangerouslySetInnerHTML={{ __html: sanitizePageHtml(html, { images, lead }) }}
    />
  )
}

export const textBlock = defineBlock(textModel, function TextBlock({ id, content, style }) {
  const { leadWidgetId } = useBlockContext()
  return <RichHtml html={content.text} lead={leadWidgetId === id} style={style} />
})
