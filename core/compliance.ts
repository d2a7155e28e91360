import { z } from 'zod'
import { type Compliance, DEFAULT_COMPLIANCE } from './compliance-statements.ts'
import { type DateBand, type LoanBand, questions } from './eligibility.ts'
import { formatPounds } from './money.ts'
import { sha256Hex } from './sha256.ts'

// The public pages import the statements alone (compliance-statements.ts): the rules and the
// hashing below are for the server and the admin.
export * from './compliance-statements.ts'

const [, dateQuestion, loanQuestion] = questions

/** The setting key of each loan band's estimate. */
export const estimateKeys: Readonly<Record<LoanBand, string>> = {
  '5000-15000': 'estimate_5000_15000',
  '15000-25000': 'estimate_15000_25000',
  '25000-35000': 'estimate_25000_35000',
  '35000+': 'estimate_35000_plus',
}

/** The setting key of each date band's label. */
export const dateBandKeys: Readonly<Record<DateBand, string>> = {
  '2007-2010': 'date_band_2007_2010',
  '2011-2014': 'date_band_2011_2014',
  '2015-2018': 'date_band_2015_2018',
  '2019-2021': 'date_band_2019_2021',
}

export const complianceKeys = {
  fallbackEstimate: 'estimate_fallback',
  freeRouteStatement: 'free_route_statement',
  feePercentage: 'fee_percentage',
  feeCap: 'fee_cap',
  firmName: 'firm_name',
  firmAddress: 'firm_address',
  fcaNumber: 'fca_reference_number',
  companyNumber: 'company_number',
  icoNumber: 'ico_registration_number',
  fcaStatus: 'fca_status',
} as const

export const loanBands = loanQuestion.options.map((o) => o.value)
export const dateBands = dateQuestion.options.map((o) => o.value)
export const loanBandLabel = (band: LoanBand) =>
  loanQuestion.options.find((o) => o.value === band)?.label ?? band

export const MAX_AMOUNT = 1_000_000

// Control and format characters, except the line breaks and tabs a multi-line statement may hold.
const noControls = (v: string) => !/[^\P{Cc}\n\r\t]|\p{Cf}/u.test(v)

const pounds = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${what} must be a whole number of pounds, e.g. 2500`)
    .transform(Number)
    .refine((n) => n >= 1, `${what} must be at least £1`)
    .refine((n) => n <= MAX_AMOUNT, `${what} must be at most ${formatPounds(MAX_AMOUNT)}`)

const text = (what: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, min > 1 ? `${what} must be at least ${min} characters` : `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`)
    .refine(noControls, `${what} contains characters that are not allowed`)

const singleLine = (what: string, max: number) =>
  text(what, 1, max).refine((v) => !/[\r\n]/.test(v), `${what} must be on one line`)

/**
 * The rule for each compliance setting: a stored text in, the value out, or the message an admin
 * sees. An empty value is not checked here: it means "use the default".
 */
export const complianceRules: Readonly<Record<string, z.ZodType<unknown, string>>> = {
  ...Object.fromEntries(
    loanBands.map((band) => [estimateKeys[band], pounds(`The estimate for ${loanBandLabel(band)}`)]),
  ),
  [complianceKeys.fallbackEstimate]: pounds('The estimate for an unrecognised band'),
  ...Object.fromEntries(
    dateBands.map((band) => [dateBandKeys[band], singleLine(`The label of the ${band} band`, 40)]),
  ),
  [complianceKeys.freeRouteStatement]: text('The free-route statement', 20, 600),
  [complianceKeys.feePercentage]: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'The fee percentage must be a number from 0 to 100, e.g. 30')
    .transform(Number)
    .refine((n) => n <= 100, 'The fee percentage must be a number from 0 to 100, e.g. 30'),
  [complianceKeys.feeCap]: pounds('The fee cap'),
  [complianceKeys.firmName]: singleLine('The firm name', 120),
  [complianceKeys.firmAddress]: singleLine('The firm address', 200),
  [complianceKeys.fcaNumber]: z
    .string()
    .trim()
    .regex(/^\d{6,7}$/, 'The FCA reference number must be 6 or 7 digits'),
  // Companies House: 8 digits, or 2 letters (SC, NI, OC…) and 6 digits.
  [complianceKeys.companyNumber]: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(
      z
        .string()
        .regex(
          /^(?:\d{8}|[A-Z]{2}\d{6})$/,
          'The company number must be 8 digits, or 2 letters and 6 digits, e.g. 12345678 or SC123456',
        ),
    ),
  // The ICO's data protection register: Z and 7 characters, e.g. ZA123456 or Z1234567.
  [complianceKeys.icoNumber]: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(
      z.string().regex(/^Z[A-Z0-9]\d{6}$/, 'The ICO registration number must look like ZA123456 or Z1234567'),
    ),
  [complianceKeys.fcaStatus]: singleLine('The FCA status', 200),
}

function settingOr<T>(settings: ReadonlyMap<string, string | null>, key: string, fallback: T): T {
  const raw = settings.get(key)
  if (raw === null || raw === undefined || raw.trim() === '') return fallback
  const rule = complianceRules[key]
  const parsed = rule?.safeParse(raw)
  return parsed?.success ? (parsed.data as T) : fallback
}

const read = new WeakMap<ReadonlyMap<string, string | null>, Compliance>()

/** The compliance settings from the site settings, each falling back to its default. */
export function readCompliance(settings: ReadonlyMap<string, string | null>): Compliance {
  const cached = read.get(settings)
  if (cached) return cached
  const d = DEFAULT_COMPLIANCE
  const compliance: Compliance = {
    estimates: Object.fromEntries(
      loanBands.map((band) => [band, settingOr(settings, estimateKeys[band], d.estimates[band])]),
    ) as Record<LoanBand, number>,
    fallbackEstimate: settingOr(settings, complianceKeys.fallbackEstimate, d.fallbackEstimate),
    dateBandLabels: Object.fromEntries(
      dateBands.map((band) => [band, settingOr(settings, dateBandKeys[band], d.dateBandLabels[band])]),
    ) as Record<DateBand, string>,
    freeRouteStatement: settingOr(settings, complianceKeys.freeRouteStatement, d.freeRouteStatement),
    feePercentage: settingOr(settings, complianceKeys.feePercentage, d.feePercentage),
    feeCap: settingOr(settings, complianceKeys.feeCap, d.feeCap),
    firmName: settingOr(settings, complianceKeys.firmName, d.firmName),
    firmAddress: settingOr(settings, complianceKeys.firmAddress, d.firmAddress),
    fcaNumber: settingOr(settings, complianceKeys.fcaNumber, d.fcaNumber),
    companyNumber: settingOr(settings, complianceKeys.companyNumber, d.companyNumber),
    icoNumber: settingOr(settings, complianceKeys.icoNumber, d.icoNumber),
    fcaStatus: settingOr(settings, complianceKeys.fcaStatus, d.fcaStatus),
  }
  read.set(settings, compliance)
  return compliance
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    )
  }
  return value
}

const versions = new WeakMap<Compliance, string>()

/**
 * A short SHA-256 of the canonical JSON (keys sorted) of everything a visitor was shown: recorded
 * with each lead, it changes whenever any constant or statement does.
 */
export function complianceVersion(compliance: Compliance): string {
  const cached = versions.get(compliance)
  if (cached) return cached
  const version = sha256Hex(JSON.stringify(canonical(compliance))).slice(0, 16)
  versions.set(compliance, version)
  return version
}
