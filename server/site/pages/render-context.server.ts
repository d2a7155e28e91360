import { readCompliance } from '../../../core/compliance.ts'
import { readFacts } from '../../../core/site-facts.ts'
import { shownConsent, shownQuestionnaire } from '../../leads/index.ts'
import type { SiteSnapshot as Snapshot } from '../site-state.server.ts'

/**
 * What a page's blocks render with besides the content: the live questionnaire, the consent
 * version (its wording's firms, and the page revision the form is on) and the compliance wording. The public page and the builder's canvas both take it
 * from here, so a contact-form widget is the same markup in both.
 */
export function pageRenderContext(site: Snapshot) {
  return {
    questionnaire: shownQuestionnaire(site),
    consent: shownConsent(site.consent),
    compliance: readCompliance(site.settings),
    facts: readFacts(site.settings),
  }
}
export type PageRenderContext = ReturnType<typeof pageRenderContext> & {
  images: Snapshot['images']
}
