import type { WidgetType } from '../../../core/page-content.ts'
import { buttonBlock } from './button.tsx'
import { columnsBlock } from './columns.tsx'
import type { BlockDefinition } from './define-block.ts'
import { dividerBlock } from './divider.tsx'
import { formBlock } from './form.tsx'
import { galleryBlock } from './gallery.tsx'
import { headingBlock } from './heading.tsx'
import { imageBlock } from './image.tsx'
import { menuBlock } from './menu.tsx'
import { spacerBlock } from './spacer.tsx'
import { testimonialBlock } from './testimonial.tsx'
import { textBlock } from './text.tsx'
import { videoBlock } from './video.tsx'

/**
 * The block registry (docs/decisions/0039-block-registry.md): each widget type's model
 * (core/blocks) with the one component that renders it, on the canvas, in the Preview and on the
 * public page.
 */
export const blocks: { [T in WidgetType]: BlockDefinition<T> } = {
  text: textBlock,
  heading: headingBlock,
  image: imageBlock,
  video: videoBlock,
  button: buttonBlock,
  spacer: spacerBlock,
  divider: dividerBlock,
  form: formBlock,
  columns: columnsBlock,
  gallery: galleryBlock,
  testimonial: testimonialBlock,
  menu: menuBlock,
}

export {
  builderDefaults,
  type LibraryWidgetType,
  libraryDefaults,
  readPageContent,
  readWidget,
  widgetCategories,
  widgetLabels,
} from '../../../core/blocks/models.ts'
