import { type DateBand, DEFAULT_ESTIMATES, type EstimateConstants, questions } from './eligibility.ts'
import { formatPounds } from './money.ts'

/**
 * The questionnaire's constants and the statements the FCA expects near an estimate, kept as site
 * settings (one key each) so the operator can keep them current. Every value falls back to its
 * default when the setting is missing, empty or invalid: the public page never shows a broken value.
 */
export type Compliance = EstimateConstants & {
  dateBandLabels: Readonly<Record<DateBand, string>>
  freeRouteStatement: string
  /** The most a claims management company charges, as a percentage of the redress, VAT included. */
  feePercentage: number
  /** The most it charges in pounds, whatever the redress. */
  feeCap: number
  firmName: string
  firmAddress: string
  /** The FCA Firm Reference Number; empty when the firm has none (then nothing is shown). */
  fcaNumber: string
  /** The Companies House number of the operator. */
  companyNumber: string
  /** The operator's entry in the ICO's data protection register. */
  icoNumber: string
  /** How the FCA regulates the operator, in its own words (e.g. "Authorised and regulated by the FCA"). */
  fcaStatus: string
}

const [, dateQuestion] = questions

export const DEFAULT_FREE_ROUTE_STATEMENT =
  'You do not have to use a claims management company. You can complain to your lender yourself and then to the Financial Ombudsman Service, or use the FCA’s redress scheme, without paying a fee.'

export const DEFAULT_COMPLIANCE: Compliance = {
  ...DEFAULT_ESTIMATES,
  dateBandLabels: Object.fromEntries(dateQuestion.options.map((o) => [o.value, o.label])) as Record<
    DateBand,
    string
  >,
  freeRouteStatement: DEFAULT_FREE_ROUTE_STATEMENT,
  // The FCA's cap on claims management fees for financial services claims (PS21/18): at most 30%
  // on the smallest awards, falling with the award, and never more than £10,000, VAT included.
  feePercentage: 30,
  feeCap: 10_000,
  firmName: '',
  firmAddress: '',
  fcaNumber: '',
  companyNumber: '',
  icoNumber: '',
  fcaStatus: '',
}

const percent = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 2 })

/** The fee disclosure shown beside the estimate. */
export function feeDisclosure({
  feePercentage,
  feeCap,
}: Pick<Compliance, 'feePercentage' | 'feeCap'>): string {
  if (feePercentage === 0)
    return 'No win, no fee: the claims management company charges no fee for your claim.'
  return `No win, no fee: if your claim succeeds, the claims management company’s fee is up to ${percent(feePercentage)}% of the compensation you receive, including VAT, and never more than ${formatPounds(feeCap)}. The FCA caps these fees, with lower limits for smaller awards.`
}

/** Who runs the site and its FCA number, as one sentence; null when the admin has filled in none. */
export function firmIdentity({
  firmName,
  firmAddress,
  fcaNumber,
}: Pick<Compliance, 'firmName' | 'firmAddress' | 'fcaNumber'>): string | null {
  const who = [firmName, firmAddress].filter(Boolean).join(', ').replace(/\.$/, '')
  const sentences = [who ? `${who}.` : '', fcaNumber ? `FCA firm reference number ${fcaNumber}.` : '']
  return sentences.filter(Boolean).join(' ') || null
}

/** The part of the compliance settings the site footer shows on every public page. */
export type FooterCompliance = Pick<
  Compliance,
  | 'freeRouteStatement'
  | 'firmName'
  | 'firmAddress'
  | 'fcaNumber'
  | 'companyNumber'
  | 'icoNumber'
  | 'fcaStatus'
>

type OperatorFields = Pick<
  Compliance,
  'firmName' | 'firmAddress' | 'fcaNumber' | 'companyNumber' | 'icoNumber' | 'fcaStatus'
>

/**
 * Who runs the site, as the footer of every public page and the confirmation email state it: one
 * line each for what the admin has filled in, in a fixed order.
 */
export function operatorDetails(c: OperatorFields): string[] {
  const fca = [c.fcaStatus.replace(/\.$/, ''), c.fcaNumber ? `FCA firm reference number ${c.fcaNumber}` : '']
    .filter(Boolean)
    .join('. ')
  return [
    c.firmName && c.companyNumber
      ? `${c.firmName}, company number ${c.companyNumber}.`
      : c.firmName
        ? `${c.firmName}.`
        : c.companyNumber
          ? `Company number ${c.companyNumber}.`
          : '',
    c.firmAddress ? `Registered office: ${c.firmAddress.replace(/\.$/, '')}.` : '',
    c.icoNumber ? `Registered with the Information Commissioner's Office, number ${c.icoNumber}.` : '',
    fca ? `${fca}.` : '',
  ].filter(Boolean)
}

/**
 * What the operator still has to fill in before every public page names it properly (the admin
 * warns about each). FCA details count as given with either the firm reference number or a status
 * (a firm that is not authorised says so there).
 */
export function missingOperatorDetails(c: OperatorFields): string[] {
  return [
    c.firmName ? '' : 'company name',
    c.companyNumber ? '' : 'company number',
    c.firmAddress ? '' : 'registered address',
    c.icoNumber ? '' : 'ICO registration number',
    c.fcaNumber || c.fcaStatus ? '' : 'FCA details',
  ].filter(Boolean)
}
