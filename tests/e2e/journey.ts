import type { Page, TestInfo } from '@playwright/test'
import { queryDatabase } from './support.ts'

/** Visible labels of the questionnaire options, as in core/eligibility.ts. */
export const labels = {
  hadPcpFinance: { yes: 'Yes', no: 'No' },
  purchaseDateRange: {
    '2007-2010': '2007 - 2010',
    '2011-2014': '2011 - 2014',
    '2015-2018': '2015 - 2018',
    '2019-2021': '2019 - 2021',
  },
  loanAmount: {
    '5000-15000': '£5,000 - £15,000',
    '15000-25000': '£15,000 - £25,000',
    '25000-35000': '£25,000 - £35,000',
    '35000+': '£35,000+',
  },
  dealerDisclosedCommission: {
    no: 'No, commission was not explained',
    unclear: 'It was mentioned but not clearly explained',
    yes: 'Yes, it was clearly explained',
  },
} as const

export const questionTitles = [
  'Did you buy a car on PCP finance between 2007 and 2021?',
  'When did you take out the finance?',
  'Roughly how much did you borrow?',
  'Did the dealer tell you they would earn commission on your finance?',
] as const

export const ESTIMATE_NOTE = 'This is an estimate only, based on your answers and typical outcomes'
export const NOT_ELIGIBLE = 'Unfortunately, you may not be eligible'
export const ELIGIBLE = 'Good news – you may be eligible to claim'

/** The radio for an option, matched by its exact visible label. */
export function option(page: Page, label: string) {
  return page.getByRole('radio', { name: label, exact: true })
}

/** Walks the live questionnaire's four steps with eligible answers, up to the lead form. */
export async function answerEligible(page: Page) {
  for (const label of [
    labels.hadPcpFinance.yes,
    labels.purchaseDateRange['2015-2018'],
    labels.loanAmount['15000-25000'],
    labels.dealerDisclosedCommission.no,
  ]) {
    await option(page, label).check()
    await page.getByRole('button', { name: /^(Continue|Check Eligibility)$/ }).click()
  }
}

let phoneSeq = 0
/**
 * A UK mobile not used before in this run: a lead with an earlier lead's phone is a duplicate
 * (issue 12) and is not stored again.
 */
export function uniquePhone(): string {
  phoneSeq += 1
  const n = (Date.now() + phoneSeq * 7919) % 100_000
  return `07700 9${String(n).padStart(5, '0')}`
}

/** A fresh address per test, so database rows can be found by email. */
export function uniqueEmail(testInfo: TestInfo) {
  const id = `${testInfo.testId}-${testInfo.retry}-${Date.now().toString(36)}`
  return `e2e-${id}@example.co.uk`.toLowerCase()
}

export type StoredLead = {
  id: number
  first_name: string
  last_name: string
  email: string
  phone: string
  car_details: string | null
  has_consent: number
  consent_text: string | null
  had_pcp_finance: number | null
  purchase_date_range: string | null
  loan_amount: number | null
  dealer_disclosed_commission: number | null
  commission_disclosure: string | null
  is_eligible: number | null
  estimated_claim: number | null
}

/** Leads stored under `email`, each with its eligibility response (null columns when there is none). */
export function storedLeads(email: string) {
  return queryDatabase<StoredLead>(
    `select l.id, l.first_name, l.last_name, l.email, l.phone, l.car_details, l.has_consent, l.consent_text,
            e.had_pcp_finance, e.purchase_date_range, e.loan_amount, e.dealer_disclosed_commission,
            e.commission_disclosure, e.is_eligible, e.estimated_claim
       from lead l left join eligibility_response e on e.lead_id = l.id
      where l.email = ?`,
    email,
  )
}

export function leadCount() {
  return queryDatabase<{ n: number }>('select count(*) as n from lead')[0]?.n ?? 0
}
