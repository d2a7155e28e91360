import type { Kysely } from 'kysely'
import { seededSettings } from '../../core/settings.ts'
import { site } from '../../core/site.ts'
import { systemPageContent } from '../../core/system-page-content.ts'
import { type DB, json } from '../platform/index.ts'

export const systemPages = [
  {
    slug: 'home',
    title: `Check If You Can Claim Car Finance Commission | ${site.name}`,
    metaDescription:
      'Had car finance (PCP or HP) from 2007 to 2021? Answer four quick questions to see if you may be owed compensation for hidden commission. Free, no obligation.',
    metaKeywords:
      'car finance claim, PCP claim, mis-sold car finance, discretionary commission, motor finance compensation',
    ogTitle: 'Were you overcharged on car finance?',
    ogDescription:
      'Check in under a minute whether hidden commission on your PCP deal could mean compensation. Free eligibility check.',
  },
  {
    slug: 'privacy-policy',
    title: `Privacy Policy | ${site.name}`,
    metaDescription: `How ${site.name} collects, uses, shares and protects your personal information, how long we keep it, and your rights under UK data protection law.`,
    metaKeywords: 'privacy policy, UK GDPR, data protection, personal data',
    ogTitle: `Privacy Policy | ${site.name}`,
    ogDescription: 'How we handle your personal information and your rights under UK GDPR.',
  },
  {
    slug: 'evidence',
    title: `The Evidence Behind Car Finance Commission Claims | ${site.name}`,
    metaDescription:
      'Official sources on car finance commission: the FCA motor finance review, the ban on discretionary commission, the Supreme Court ruling and the redress scheme.',
    metaKeywords:
      'FCA motor finance review, discretionary commission arrangements, Supreme Court car finance, redress scheme',
    ogTitle: 'The evidence behind car finance commission claims',
    ogDescription:
      'Regulator publications and court judgments on hidden car finance commission, with links to each source.',
  },
  {
    slug: 'cookie-policy',
    title: `Cookie Policy | ${site.name}`,
    metaDescription: `Which cookies ${site.name} uses, why, how Google Consent Mode respects your choice, and how to change your cookie preferences at any time.`,
    metaKeywords: 'cookie policy, cookies, consent mode, PECR',
    ogTitle: `Cookie Policy | ${site.name}`,
    ogDescription: 'The cookies we use and how to manage your preferences.',
  },
  {
    // Its head comes from the `thank-you` setting (SPEC section 2); its blocks from this page.
    slug: 'thank-you',
    title: `Thank You | ${site.name}`,
    metaDescription: 'Thank you for your enquiry. A specialist will contact you within 24 hours.',
    metaKeywords: '',
    ogTitle: '',
    ogDescription: '',
  },
] as const

/** The settings the registry seeds (core/settings.ts): key, first value, stored category and description. */
export const defaultSettings = seededSettings

/** Idempotent: inserts the system pages and settings that are missing, never overwriting a change. */
export async function seedSite(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('page')
    .values(systemPages.map((p) => ({ ...p, content: json(systemPageContent[p.slug]), isPublished: true })))
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute()
  await db
    .insertInto('siteSetting')
    .values(defaultSettings.map((s) => ({ ...s })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
}
