import { randomUUID } from 'node:crypto'
import type { Insertable, Kysely } from 'kysely'
import type { LeadInput } from '../../core/schemas/leads.ts'
import type { DB } from '../../server/platform/index.ts'
import { json } from '../../server/platform/index.ts'

/** Questionnaire answers that make an eligible lead (band 15000-25000: £2,500). */
export const eligibleAnswers = {
  hadPcpFinance: 'yes',
  purchaseDateRange: '2011-2014',
  loanAmount: '15000-25000',
  dealerDisclosedCommission: 'unclear',
} as const

const baseLead = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann.lee@example.com',
  phone: '07700 900123',
  carDetails: 'Ford Focus 2013',
  hasConsent: true as const,
}

/** A lead payload the API accepts, with `overrides` applied. */
export function leadPayload<T extends Partial<LeadInput> = Record<never, never>>(
  overrides?: T,
): typeof baseLead & T {
  return { ...baseLead, ...(overrides as T) }
}

type LeadRow = Partial<Insertable<DB['lead']>>

/** A lead written straight to the database (no eligibility response), for list and search tests. */
export function insertLead(db: Kysely<DB>, overrides: LeadRow = {}) {
  return db
    .insertInto('lead')
    .values({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann.lee@example.com',
      phone: '07700900123',
      carDetails: null,
      consentText: null,
      sourceUrl: null,
      userAgent: null,
      reference: randomUUID(),
      ...overrides,
    } as never)
    .returning(['id', 'createdAt', 'hasConsent'])
    .executeTakeFirstOrThrow()
}

type PageRow = { slug: string; title?: string; content?: unknown } & Partial<
  Omit<Insertable<DB['page']>, 'slug' | 'title' | 'content'>
>

/** A page written straight to the database; call `site.changed()` after to make it visible. */
export function insertPage(db: Kysely<DB>, { content = '', title, ...rest }: PageRow) {
  return db
    .insertInto('page')
    .values({ title: title ?? rest.slug, content: json(content), ...rest } as never)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Suites that post the same sample lead many times test capture, not duplicate detection: a
 * duplicate window of 0 days makes every post a new lead (tests/integration/lead-pipeline.test.ts
 * covers duplicates).
 */
export async function allowRepeatLeads(app: {
  database: { db: Kysely<DB> }
  services: { site: { changed(): Promise<unknown> } }
}) {
  await app.database.db
    .insertInto('siteSetting')
    .values({ key: 'duplicate_window_days', value: '0' })
    .execute()
  await app.services.site.changed()
}

/**
 * The lead a `POST /api/leads` answer (`{ reference }`) stands for: the new lead, or the earlier
 * lead a repeat was kept under as a submission.
 */
export async function leadIdOf(db: Kysely<DB>, reference: string): Promise<number> {
  const lead = await db.selectFrom('lead').select('id').where('reference', '=', reference).executeTakeFirst()
  if (lead) return lead.id
  const submission = await db
    .selectFrom('leadSubmission')
    .select('leadId')
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow()
  return submission.leadId
}
