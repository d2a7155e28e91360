import type { Kysely } from 'kysely'
import {
  type ConsentVersionContent,
  consentVersionHash,
  type ShownConsent,
} from '../../../core/consent-version.ts'
import type { ConsentBuyer } from '../../../core/schemas/buyers.ts'
import { consentWording, PRIVACY_POLICY_VERSION } from '../../../core/schemas/leads.ts'
import type { DB } from '../../platform/index.ts'
import { json } from '../../platform/index.ts'
import { consentRecipients } from '../../sales/index.ts'

/** A consent version: its hash and what it said. */
export type ConsentVersion = { hash: string; content: ConsentVersionContent }

/** The version the site shows now, with its firms' names for the sentence under the box. */
export type CurrentConsent = ConsentVersion & { recipients: ReturnType<typeof consentRecipients> }

/** The consent a page shows, built from the buyers named in consent and the partner setting. */
export function consentContent(buyers: readonly ConsentBuyer[], partnerName: string | null | undefined) {
  const recipients = consentRecipients(buyers, partnerName)
  const content: ConsentVersionContent = {
    wording: consentWording(recipients),
    firms: [...buyers],
    partnerName: partnerName?.trim() || null,
    privacyVersion: PRIVACY_POLICY_VERSION,
  }
  return { content, recipients }
}

/**
 * Records the consent pages are about to show (part of loading the site snapshot): stored once by
 * its hash, the version it replaces marked superseded. Every instance computes the same hash from the
 * same rows, so instances agree without coordinating.
 */
export async function recordCurrentConsent(
  db: Kysely<DB>,
  buyers: readonly ConsentBuyer[],
  partnerName: string | null | undefined,
  at = new Date(),
): Promise<CurrentConsent> {
  const { content, recipients } = consentContent(buyers, partnerName)
  const hash = consentVersionHash(content)
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('consentVersion')
      .values({
        hash,
        wording: content.wording,
        firms: json(content.firms),
        partnerName: content.partnerName,
        privacyVersion: content.privacyVersion,
        createdAt: at,
      })
      .onConflict((oc) => oc.column('hash').doNothing())
      .execute()
    await trx
      .updateTable('consentVersion')
      .set({ supersededAt: at })
      .where('supersededAt', 'is', null)
      .where('hash', '!=', hash)
      .execute()
    await trx
      .updateTable('consentVersion')
      .set({ supersededAt: null })
      .where('hash', '=', hash)
      .where('supersededAt', 'is not', null)
      .execute()
  })
  return { hash, content, recipients }
}

export type PostedConsent =
  | { ok: true; version: ConsentVersion }
  | { ok: false; reason: 'unknown' | 'expired' }

/**
 * The version a post names, if the server showed it and it is still accepted: the current one, or
 * one replaced no longer ago than `maxAgeHours` (a visitor who loaded the page before the change).
 */
export async function postedConsent(
  db: Kysely<DB>,
  current: ConsentVersion,
  hash: string,
  maxAgeHours: number,
  now = new Date(),
): Promise<PostedConsent> {
  if (hash === current.hash) return { ok: true, version: current }
  const row = await db
    .selectFrom('consentVersion')
    .select(['hash', 'wording', 'firms', 'partnerName', 'privacyVersion', 'supersededAt'])
    .where('hash', '=', hash)
    .executeTakeFirst()
  if (!row) return { ok: false, reason: 'unknown' }
  if (row.supersededAt && now.getTime() - row.supersededAt.getTime() > maxAgeHours * 3_600_000) {
    return { ok: false, reason: 'expired' }
  }
  const { wording, firms, partnerName, privacyVersion } = row
  return { ok: true, version: { hash, content: { wording, firms, partnerName, privacyVersion } } }
}

/** The shown consent a page's form carries. */
export const shownConsent = (current: CurrentConsent, pageRevision?: string): ShownConsent => ({
  version: current.hash,
  recipients: current.recipients,
  ...(pageRevision ? { pageRevision } : {}),
})
