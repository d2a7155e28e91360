// The shapes of a buyer contract's terms, shared by the server's routing, the zod schemas and the
// admin UI. Kept free of zod and node APIs because it reaches the browser.

/** ISO weekday numbers, Monday first (1 = Monday … 7 = Sunday). */
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const

export const phoneTypes = ['mobile', 'landline', 'other'] as const
export type PhoneType = (typeof phoneTypes)[number]

/** Each filter left undefined or empty places no restriction. */
export type ContractFilters = {
  /** questionId → accepted values: the lead must have answered one of them. */
  answers?: Record<string, string[]>
  /** The lead's outcome must be 'eligible'. */
  eligibleOnly?: boolean
  phoneTypes?: PhoneType[]
  /** Case-insensitive exact match. */
  utmSources?: string[]
  /** Case-insensitive exact match. */
  utmCampaigns?: string[]
  /** Matched against the landing page URL's pathname; an entry ending in '*' is a prefix. */
  landingPaths?: string[]
}

/**
 * When a contract takes leads, in Europe/London time. `from`/`to` are 'HH:MM'; `to` may be '24:00';
 * `from` after `to` is an overnight window that belongs to the day it starts (Fri 20:00–Sat 08:00 is
 * Friday's). Closed on England & Wales bank holidays unless `bankHolidays` is true. A contract
 * without a schedule (null) is always open.
 */
export type ContractSchedule = { days: number[]; from: string; to: string; bankHolidays?: boolean }

export const capWindows = ['hour', 'day', 'week', 'month'] as const
export type CapWindow = (typeof capWindows)[number]

/** Lead counts (and optionally revenue in pence) per calendar window; null or absent = no cap. */
export type ContractCaps = Partial<Record<CapWindow, number | null>> & {
  revenuePence?: Partial<Record<CapWindow, number | null>>
}

/** What a contract's filters may look at. No contact details: reasons must never show them. */
export type LeadFacts = {
  answers: Record<string, string> | null
  outcome: string | null
  phoneType: string | null
  utmSource: string | null
  utmCampaign: string | null
  landingPage: string | null
}

/** `reason` is a short sentence shown to the operator, e.g. "utm_source is facebook, not one of google, bing". */
export type Verdict = { ok: true } | { ok: false; reason: string }
