import { normaliseUkPhone } from './phone.ts'

/**
 * Server-side conversions (docs/decisions/0082-server-side-conversions.md): the platforms told of
 * leads, qualified leads and sales, what each event is called there, and how contact details are
 * normalised before they are hashed.
 */
export const conversionPlatforms = ['google', 'meta', 'tiktok'] as const
export type ConversionPlatform = (typeof conversionPlatforms)[number]

export const platformLabels: Record<ConversionPlatform, string> = {
  google: 'Google Ads (Data Manager API)',
  meta: 'Meta (Conversions API)',
  tiktok: 'TikTok (Events API)',
}

/** `return`: the correction of a sale whose return was approved (Google only; elsewhere recorded as unsupported). */
export const conversionEvents = ['lead', 'qualified', 'sale', 'return'] as const
export type ConversionEvent = (typeof conversionEvents)[number]

export const conversionStatuses = ['pending', 'sent', 'rejected', 'failed', 'skipped'] as const
export type ConversionStatus = (typeof conversionStatuses)[number]

/** Each event's name on each platform (Google's conversion is named by its conversion action). */
export const platformEventNames: Record<
  Exclude<ConversionPlatform, 'google'>,
  Record<ConversionEvent, string>
> = {
  meta: { lead: 'Lead', qualified: 'QualifiedLead', sale: 'Purchase', return: 'Purchase' },
  tiktok: {
    lead: 'SubmitForm',
    qualified: 'CompleteRegistration',
    sale: 'CompletePayment',
    return: 'CompletePayment',
  },
}

/**
 * The id one event of a lead has everywhere: sent to every platform and pushed to the browser's
 * `dataLayer` on the thank-you page (the `lead` event), so a platform that gets it from both the
 * pixel and the server counts it once. A return corrects the sale, so it reuses the sale's id.
 */
export function conversionEventId(reference: string, event: ConversionEvent): string {
  return `${reference}-${event === 'return' ? 'sale' : event}`
}

/** Trimmed and lowercased, as Google, Meta and TikTok all ask before hashing. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase()
}

/** E.164 (`+447700900123`) from the UK formats the form accepts; null when it is not one. */
export function normalisePhone(value: string): string | null {
  return normaliseUkPhone(value)?.e164 ?? null
}

/** Google's offline conversion import: the header row of its CSV template. */
export const googleImportColumns = [
  'Google Click ID',
  'Conversion Name',
  'Conversion Time',
  'Conversion Value',
  'Conversion Currency',
] as const

/** `yyyy-MM-dd HH:mm:ss+0000`: the time format Google's import reads with its zone. */
export function googleImportTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace('T', ' ')}+0000`
}
