export type Option = { value: string; label: string }
export type Question = { id: keyof Answers; title: string; hint?: string; options: readonly Option[] }

export const questions = [
  {
    id: 'hadPcpFinance',
    title: 'Did you buy a car on PCP finance between 2007 and 2021?',
    hint: 'Personal Contract Purchase (PCP) or a similar car finance agreement arranged by the dealer.',
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
  },
  {
    id: 'purchaseDateRange',
    title: 'When did you take out the finance?',
    options: [
      { value: '2007-2010', label: '2007 - 2010' },
      { value: '2011-2014', label: '2011 - 2014' },
      { value: '2015-2018', label: '2015 - 2018' },
      { value: '2019-2021', label: '2019 - 2021' },
    ],
  },
  {
    id: 'loanAmount',
    title: 'Roughly how much did you borrow?',
    options: [
      { value: '5000-15000', label: '£5,000 - £15,000' },
      { value: '15000-25000', label: '£15,000 - £25,000' },
      { value: '25000-35000', label: '£25,000 - £35,000' },
      { value: '35000+', label: '£35,000+' },
    ],
  },
  {
    id: 'dealerDisclosedCommission',
    title: 'Did the dealer tell you they would earn commission on your finance?',
    options: [
      { value: 'no', label: 'No, commission was not explained' },
      { value: 'unclear', label: 'It was mentioned but not clearly explained' },
      { value: 'yes', label: 'Yes, it was clearly explained' },
    ],
  },
] as const satisfies readonly Question[]

export type Answers = {
  hadPcpFinance: 'yes' | 'no'
  purchaseDateRange: '2007-2010' | '2011-2014' | '2015-2018' | '2019-2021'
  loanAmount: '5000-15000' | '15000-25000' | '25000-35000' | '35000+'
  dealerDisclosedCommission: 'no' | 'unclear' | 'yes'
}

export const STEP_COUNT = questions.length

export type LoanBand = Answers['loanAmount']
export type DateBand = Answers['purchaseDateRange']

/** The estimate per loan band and for an unrecognised band: settings, defaulting to SPEC section 9. */
export type EstimateConstants = {
  estimates: Readonly<Record<LoanBand, number>>
  fallbackEstimate: number
}

export const DEFAULT_ESTIMATES: EstimateConstants = {
  estimates: { '5000-15000': 1500, '15000-25000': 2500, '25000-35000': 3500, '35000+': 5000 },
  fallbackEstimate: 2000,
}

export type Assessment = { isEligible: boolean; estimatedClaim: number }

/** SPEC section 9: eligible only with PCP finance and commission not clearly disclosed. */
export function assessEligibility(
  answers: {
    hadPcpFinance: string
    loanAmount: string
    dealerDisclosedCommission: string
  },
  constants: EstimateConstants = DEFAULT_ESTIMATES,
): Assessment {
  const isEligible = answers.hadPcpFinance === 'yes' && answers.dealerDisclosedCommission !== 'yes'
  if (!isEligible) return { isEligible, estimatedClaim: 0 }
  // Own keys only: a band such as "toString" must not find something on the prototype.
  const estimate = Object.hasOwn(constants.estimates, answers.loanAmount)
    ? constants.estimates[answers.loanAmount as LoanBand]
    : undefined
  return { isEligible, estimatedClaim: estimate ?? constants.fallbackEstimate }
}

/** The questions as shown, with the date bands' labels from the settings. */
export function questionsShown(dateBandLabels: Readonly<Record<DateBand, string>>): typeof questions {
  return questions.map((q) =>
    q.id === 'purchaseDateRange'
      ? { ...q, options: q.options.map((o) => ({ ...o, label: dateBandLabels[o.value] || o.label })) }
      : q,
  ) as unknown as typeof questions
}

/** Lower bound of a loan band in pounds, for the integer `loan_amount` column. */
export function loanBandLowerBound(band: string): number {
  const match = /^(\d+)/.exec(band)
  return match ? Number(match[1]) : 0
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 })

export function formatPounds(amount: number): string {
  return gbp.format(amount)
}
