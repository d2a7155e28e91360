import { createHash } from 'node:crypto'
import {
  type ConversionEvent,
  normaliseEmail,
  normalisePhone,
  platformEventNames,
} from '../../../core/conversions.ts'
import type { DestinationSettings } from '../../../core/schemas/conversions.ts'

/** SHA-256, lowercase hex: what Google (encoding HEX), Meta and TikTok take for hashed contact details. */
export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** What one event says about its lead, read when it is sent. */
export type ConversionFact = {
  event: ConversionEvent
  eventId: string
  eventTime: Date
  /** The sale's price (a return: what is left of it), in pence; null for a lead or qualified lead. */
  valuePence: number | null
  /** The visitor's cookie consent to marketing: only with it are contact details, address and browser sent. */
  consented: boolean
  email: string
  phone: string
  ipAddress: string | null
  userAgent: string | null
  /** The page the form was posted from. */
  sourceUrl: string | null
  /** When the lead was captured (Meta's `fbc` needs a time). */
  capturedAt: Date
  gclid: string | null
  gbraid: string | null
  wbraid: string | null
  fbclid: string | null
  ttclid: string | null
}

/** Hashed contact details, each platform's way; phone null when it is not a UK number. */
export function hashedContact(fact: Pick<ConversionFact, 'email' | 'phone'>) {
  const phone = normalisePhone(fact.phone)
  return {
    email: sha256(normaliseEmail(fact.email)),
    /** E.164 with its `+` (Google, TikTok). */
    phone: phone ? sha256(phone) : null,
    /** Digits only, country code first (Meta). */
    phoneDigits: phone ? sha256(phone.slice(1)) : null,
  }
}

const pounds = (pence: number) => Math.round(pence) / 100
const seconds = (at: Date) => Math.floor(at.getTime() / 1000)

/** Why an event cannot go to a platform at all, or null: it can. */
export function unsendable(platform: 'google' | 'meta' | 'tiktok', fact: ConversionFact): string | null {
  if (fact.event === 'return' && platform !== 'google') {
    return `${platform === 'meta' ? 'Meta' : 'TikTok'} has no correction for a returned sale: nothing is sent`
  }
  if (platform === 'google') {
    if (!fact.consented && !fact.gclid && !fact.gbraid && !fact.wbraid) {
      return 'No Google click id, and without the visitor’s marketing consent no user data may be sent'
    }
    return null
  }
  if (!fact.consented) {
    return `Without the visitor’s marketing consent: ${platform === 'meta' ? 'Meta' : 'TikTok'} takes no event without user data`
  }
  return null
}

/** Meta Conversions API (Graph API v23.0): `POST /v23.0/{pixel}/events`. */
export function metaEvent(fact: ConversionFact) {
  const hashed = hashedContact(fact)
  const userData: Record<string, unknown> = {
    em: [hashed.email],
    ...(hashed.phoneDigits ? { ph: [hashed.phoneDigits] } : {}),
    ...(fact.ipAddress ? { client_ip_address: fact.ipAddress } : {}),
    ...(fact.userAgent ? { client_user_agent: fact.userAgent } : {}),
    ...(fact.fbclid ? { fbc: `fb.1.${fact.capturedAt.getTime()}.${fact.fbclid}` } : {}),
  }
  return {
    event_name: platformEventNames.meta[fact.event],
    event_time: seconds(fact.eventTime),
    event_id: fact.eventId,
    action_source: 'website',
    ...(fact.sourceUrl ? { event_source_url: fact.sourceUrl } : {}),
    user_data: userData,
    ...(fact.valuePence !== null ? { custom_data: { currency: 'GBP', value: pounds(fact.valuePence) } } : {}),
  }
}

export function metaBody(facts: ConversionFact[], settings: DestinationSettings, testMode: boolean) {
  return {
    data: facts.map(metaEvent),
    ...(testMode && settings.testEventCode ? { test_event_code: settings.testEventCode } : {}),
  }
}

/** TikTok Events API v1.3: `POST /open_api/v1.3/event/track/`. */
export function tiktokEvent(fact: ConversionFact) {
  const hashed = hashedContact(fact)
  return {
    event: platformEventNames.tiktok[fact.event],
    event_time: seconds(fact.eventTime),
    event_id: fact.eventId,
    user: {
      email: hashed.email,
      ...(hashed.phone ? { phone: hashed.phone } : {}),
      ...(fact.ipAddress ? { ip: fact.ipAddress } : {}),
      ...(fact.userAgent ? { user_agent: fact.userAgent } : {}),
      ...(fact.ttclid ? { ttclid: fact.ttclid } : {}),
    },
    ...(fact.valuePence !== null ? { properties: { currency: 'GBP', value: pounds(fact.valuePence) } } : {}),
    ...(fact.sourceUrl ? { page: { url: fact.sourceUrl } } : {}),
  }
}

export function tiktokBody(facts: ConversionFact[], settings: DestinationSettings, testMode: boolean) {
  return {
    event_source: 'web',
    event_source_id: settings.pixelCode,
    ...(testMode && settings.testEventCode ? { test_event_code: settings.testEventCode } : {}),
    data: facts.map(tiktokEvent),
  }
}

const consentOf = (granted: boolean) => {
  const state = granted ? 'CONSENT_GRANTED' : 'CONSENT_DENIED'
  return { adUserData: state, adPersonalization: state }
}

/**
 * Google Data Manager API v1: one event of `events:ingest`. A return is sent as an adjustment: the
 * sale's `transactionId` again with the value left after the return (0 when the whole sale went
 * back), which Google reads as a restatement of that conversion.
 */
export function googleEvent(fact: ConversionFact) {
  const adIdentifiers = {
    ...(fact.gclid ? { gclid: fact.gclid } : {}),
    ...(fact.gbraid ? { gbraid: fact.gbraid } : {}),
    ...(fact.wbraid ? { wbraid: fact.wbraid } : {}),
  }
  const hashed = fact.consented ? hashedContact(fact) : null
  return {
    transactionId: fact.eventId,
    eventTimestamp: fact.eventTime.toISOString(),
    ...(Object.keys(adIdentifiers).length > 0 ? { adIdentifiers } : {}),
    ...(hashed
      ? {
          userData: {
            userIdentifiers: [
              { emailAddress: hashed.email },
              ...(hashed.phone ? [{ phoneNumber: hashed.phone }] : []),
            ],
          },
        }
      : {}),
    ...(fact.valuePence !== null ? { conversionValue: pounds(fact.valuePence), currency: 'GBP' } : {}),
    eventSource: 'WEB',
    consent: consentOf(fact.consented),
  }
}

/** One request for one conversion action; every event in it shares the request's consent. */
export function googleBody(facts: ConversionFact[], settings: DestinationSettings, testMode: boolean) {
  const account = (accountId: string) => ({ accountType: 'GOOGLE_ADS', accountId })
  return {
    destinations: [
      {
        operatingAccount: account(settings.accountId ?? ''),
        ...(settings.loginAccountId ? { loginAccount: account(settings.loginAccountId) } : {}),
        productDestinationId: settings.conversionActionId,
      },
    ],
    encoding: 'HEX',
    consent: consentOf(facts.every((f) => f.consented)),
    ...(testMode ? { validateOnly: true } : {}),
    events: facts.map(googleEvent),
  }
}
