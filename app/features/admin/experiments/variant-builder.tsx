import { useRef } from 'react'
import type { BuilderContent } from '../../../../core/page-content.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { BlockProvider } from '../../blocks/block-context.tsx'
import { usePageRenderContext } from '../media/use-page-render-context.ts'
import { VisualBuilder } from '../page-editor/visual-builder.tsx'

/**
 * A variant's content in the page's own visual builder, in a dialog filling the window: the same
 * blocks, canvas and render context as the page editor. "Use this layout" (or the builder's Save)
 * hands the blocks to the experiment form; the experiment is saved with them.
 */
export function VariantBuilderDialog({
  variantName,
  initial,
  onApply,
  onClose,
}: {
  variantName: string
  initial: BuilderContent
  onApply: (content: BuilderContent) => void
  onClose: () => void
}) {
  const context = usePageRenderContext()
  const latest = useRef(initial)
  const apply = () => {
    onApply(latest.current)
    onClose()
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Variant ${variantName}: page content`}
      description="Edit this variant's copy of the page. It is saved with the experiment."
      className="h-[95vh] w-[98vw] max-w-none"
    >
      <BlockProvider content={initial} {...context} editing>
        <VisualBuilder
          value={initial}
          onChange={(content) => {
            latest.current = content
          }}
          onSave={apply}
        />
      </BlockProvider>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" onClick={apply}>
          Use this layout
        </Button>
      </div>
    </Dialog>
  )
}
