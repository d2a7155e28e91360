/**
 * The system pages' shipped content (docs/decisions/0075-system-pages-from-blocks.md): the SPEC's
 * public pages, section by section, as builder content. Seeded for a fresh install and, by
 * migration 0044, into a system page whose content is still empty; an operator's edits are never
 * overwritten. Generated once from the code that rendered these pages before; edit freely.
 */
import type { SystemPageSlug } from './paths.ts'
import { cookiePolicyContent } from './system-pages/cookie-policy.ts'
import { evidenceContent } from './system-pages/evidence.ts'
import { homeContent } from './system-pages/home.ts'
import { privacyPolicyContent } from './system-pages/privacy-policy.ts'
import { thankYouContent } from './system-pages/thank-you.ts'

export const systemPageContent: Record<SystemPageSlug, unknown> = {
  home: homeContent,
  evidence: evidenceContent,
  'privacy-policy': privacyPolicyContent,
  'cookie-policy': cookiePolicyContent,
  'thank-you': thankYouContent,
}
