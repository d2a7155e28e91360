import type { Compliance } from '../../../core/compliance-statements.ts'
import type { ShownConsent } from '../../../core/consent-version.ts'
import type { ImageInfoMap } from '../../../core/image-info.ts'
import type { PageContent } from '../../../core/page-content.ts'
import type { ShownQuestionnaire } from '../../../core/questionnaire/state.ts'
import type { FactValues } from '../../../core/site-facts.ts'
import { PageBlocks } from '../blocks/block-view.tsx'

/**
 * A page's content on the public page: every widget through its block definition (the canvas and
 * the editor's Preview render the same components), the real questionnaire and lead form wherever
 * the editor placed a contact-form widget.
 */
export function PageSections({
  content,
  images,
  consent,
  compliance,
  questionnaire,
  facts,
}: {
  /** Read into the model (app/features/blocks/registry.ts readPageContent). */
  content: PageContent
  images?: ImageInfoMap
  consent?: ShownConsent
  compliance?: Compliance
  /** The live version (the site snapshot's); without one the SPEC set shows. */
  questionnaire?: ShownQuestionnaire
  /** The site facts placeholders show; without them, the root loader's (app/root.tsx). */
  facts?: FactValues
}) {
  return (
    <PageBlocks
      content={content}
      images={images}
      consent={consent}
      compliance={compliance}
      questionnaire={questionnaire}
      facts={facts}
    />
  )
}
