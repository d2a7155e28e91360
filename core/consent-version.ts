import type { Recipients } from './lead-form-rules.ts'
import type { ConsentBuyer } from './schemas/buyers.ts'
import { sha256Hex } from './sha256.ts'

/**
 * One consent as a page showed it: the wording and the firms it named with their identity then.
 * Its hash is its name (`consentVersion` in a lead post): the same content always has the same hash,
 * and a lead keeps the version it was shown, never today's list (docs/decisions/0048-consent-versions.md).
 */
export type ConsentVersionContent = {
  wording: string
  firms: ConsentBuyer[]
  partnerName: string | null
  privacyVersion: string
}

/** What a page carries in its lead form: the version and whom it names (for the sentence shown). */
export type ShownConsent = {
  version: string
  recipients: Recipients
  /** The hash of the page revision the form is on, when the page has one. */
  pageRevision?: string
}

/** `consentVersion` and `pageRevision` in a post: lower-case hex SHA-256. */
export const CONSENT_HASH_PATTERN = /^[0-9a-f]{64}$/

/** The `<meta name>` a block page's revision hash is in (the lead form sends it as `pageRevision`). */
export const PAGE_REVISION_META = 'page-revision'

/** A page revision's hash: of what the page served (its path, title and content or versions). */
export const pageRevisionHash = (served: unknown): string => sha256Hex(JSON.stringify(served))

/** The content's hash over a fixed key order, so equal content always hashes alike. */
export function consentVersionHash(content: ConsentVersionContent): string {
  return sha256Hex(
    JSON.stringify([
      content.wording,
      content.firms.map((f) => [
        f.id,
        f.name,
        f.legalName ?? null,
        f.tradingName ?? null,
        f.fcaNumber ?? null,
      ]),
      content.partnerName,
      content.privacyVersion,
    ]),
  )
}

/** A buyer's identity as it is now, to compare with the one a consent named. */
export type BuyerIdentity = { id: number; name: string; tradingName: string | null; fcaNumber: string }

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase()

/**
 * Whether the consent naming `firm` covers the buyer as it is now: the same buyer with the same
 * legal name, trading name and FCA number. A firm kept before consent versions (no identity) is
 * matched by id and the name the wording used.
 */
export function namedInConsent(firm: ConsentBuyer, buyer: BuyerIdentity): boolean {
  if (firm.id !== buyer.id) return false
  if (firm.fcaNumber === undefined) return same(firm.name, buyer.tradingName?.trim() || buyer.name)
  return (
    same(firm.legalName, buyer.name) &&
    same(firm.tradingName, buyer.tradingName) &&
    same(firm.fcaNumber, buyer.fcaNumber)
  )
}

/** Why a contract's buyer may not take a lead whose consent named `firms`, or undefined when it may. */
export function consentRefusal(firms: readonly ConsentBuyer[], buyer: BuyerIdentity): string | undefined {
  const firm = firms.find((f) => f.id === buyer.id)
  if (!firm) return `${buyer.name} was not named in the consent this visitor gave`
  if (!namedInConsent(firm, buyer)) {
    return `${buyer.name} was named in the consent as ${firm.legalName ?? firm.name}${firm.fcaNumber ? ` (FCA ${firm.fcaNumber})` : ''}, and its identity has changed since`
  }
  return undefined
}
