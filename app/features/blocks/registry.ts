import type { WidgetType } from '../../../core/page-content.ts'
import { buttonBlock } from './button.tsx'
import { columnsBlock } from './columns.tsx'
import type { BlockDefinition } from './define-block.ts'
import { dividerBlock } from './divider.tsx'
import { evidenceBlock } from './evidence.tsx'
import { faqBlock } from './faq.tsx'
import { formBlock } from './form.tsx'
import { galleryBlock } from './gallery.tsx'
import { headingBlock } from './heading.tsx'
import { heroBlock } from './hero.tsx'
import { imageBlock } from './image.tsx'
import { menuBlock } from './menu.tsx'
import { pageTitleBlock } from './page-title.tsx'
import { policyBlock } from './policy.tsx'
import { questionnaireBlock } from './questionnaire.tsx'
import { receiptBlock } from './receipt.tsx'
import { spacerBlock } from './spacer.tsx'
import { statsBlock } from './stats.tsx'
import { stepsBlock } from './steps.tsx'
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
  hero: heroBlock,
  stats: statsBlock,
  steps: stepsBlock,
  faq: faqBlock,
  questionnaire: questionnaireBlock,
  'page-title': pageTitleBlock,
  evidence: evidenceBlock,
  policy: policyBlock,
  receipt: receiptBlock,
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
