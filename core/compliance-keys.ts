import { type DateBand, type LoanBand, questions } from './eligibility.ts'

const [, dateQuestion, loanQuestion] = questions

/** The setting key of each loan band's estimate. */
export const estimateKeys = {
  '5000-15000': 'estimate_5000_15000',
  '15000-25000': 'estimate_15000_25000',
  '25000-35000': 'estimate_25000_35000',
  '35000+': 'estimate_35000_plus',
} as const satisfies Readonly<Record<LoanBand, string>>

/** The setting key of each date band's label. */
export const dateBandKeys = {
  '2007-2010': 'date_band_2007_2010',
  '2011-2014': 'date_band_2011_2014',
  '2015-2018': 'date_band_2015_2018',
  '2019-2021': 'date_band_2019_2021',
} as const satisfies Readonly<Record<DateBand, string>>

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
