import { useMemo } from 'react'
import {
  type Compliance,
  complianceKeys,
  complianceVersion,
  DEFAULT_COMPLIANCE,
  feeDisclosure,
  firmIdentity,
  readCompliance,
} from '../../../../core/compliance.ts'
import { formatPounds } from '../../../../core/money.ts'
import {
  DEFAULT_QUESTIONNAIRE_REFERENCE_AMOUNT,
  QUESTIONNAIRE_REFERENCE_AMOUNT_KEY,
} from '../../../../core/schemas/settings.ts'
import { asList } from '../api.ts'
import { type FieldGroup, SettingsCard, type Values } from './settings-card.tsx'

const d = DEFAULT_COMPLIANCE
const pounds = (amount: number) => `Whole pounds. Default ${formatPounds(amount)}.`

export const complianceGroups: readonly FieldGroup[] = [
  {
    legend: 'Questionnaire publishing',
    description:
      'Estimates and the wording of answers belong to each questionnaire version: edit and publish them in the Questionnaire tab. This is the guard on publishing one: claims-company promotions have been withdrawn for inflated “up to” figures.',
    fields: [
      {
        key: QUESTIONNAIRE_REFERENCE_AMOUNT_KEY,
        label: 'Reference amount for estimates (£)',
        hint: `A version with any estimate above this can only be published with an evidence note saying why the figure is fair. ${pounds(DEFAULT_QUESTIONNAIRE_REFERENCE_AMOUNT)} (the FCA’s estimate of the average award under its redress scheme).`,
        inputMode: 'numeric',
        defaultValue: String(DEFAULT_QUESTIONNAIRE_REFERENCE_AMOUNT),
      },
    ],
  },
  {
    legend: 'Statements near the estimate',
    description: 'Shown beside the estimate, under the form and in the footer of every public page.',
    fields: [
      {
        key: complianceKeys.freeRouteStatement,
        label: 'Free-route statement',
        hint: 'That people can complain to their lender and the Financial Ombudsman Service, or use the FCA’s redress scheme, without paying a fee. Leave empty for the default wording.',
        multiline: true,
        defaultValue: d.freeRouteStatement,
      },
      {
        key: complianceKeys.feePercentage,
        label: 'Fee percentage (%)',
        hint: `The most the claims management company charges, as a percentage of the compensation including VAT: 0 to 100. Default ${d.feePercentage}.`,
        inputMode: 'decimal',
        defaultValue: String(d.feePercentage),
      },
      {
        key: complianceKeys.feeCap,
        label: 'Fee cap (£)',
        hint: `The most it charges in pounds, whatever the award. ${pounds(d.feeCap)}`,
        inputMode: 'numeric',
        defaultValue: String(d.feeCap),
      },
    ],
  },
  {
    legend: 'Firm',
    description:
      'The company that runs this site, stated in the footer of every public page and in the confirmation email each visitor gets. Until these are filled in, nothing about the firm is shown beside the estimate.',
    fields: [
      { key: complianceKeys.firmName, label: 'Firm name', hint: 'The registered company name.' },
      {
        key: complianceKeys.companyNumber,
        label: 'Company number',
        hint: 'The Companies House number: 8 digits, or 2 letters and 6 digits (e.g. SC123456).',
      },
      {
        key: complianceKeys.icoNumber,
        label: 'ICO registration number',
        hint: 'The entry in the ICO’s data protection register, e.g. ZA123456.',
      },
      {
        key: complianceKeys.fcaStatus,
        label: 'FCA status',
        hint: 'How the FCA regulates the firm, e.g. “Authorised and regulated by the Financial Conduct Authority”. A firm without an FCA number says how it is placed here.',
        wide: true,
      },
      {
        key: complianceKeys.fcaNumber,
        label: 'FCA reference number',
        hint: 'The firm’s FCA Firm Reference Number: 6 or 7 digits. Leave empty if it has none.',
        inputMode: 'numeric',
      },
      {
        key: complianceKeys.firmAddress,
        label: 'Firm address',
        hint: 'The registered office, on one line, e.g. 1 High Street, Leeds LS1 1AA.',
        wide: true,
      },
    ],
  },
]

function Preview({ compliance }: { compliance: Compliance }) {
  const identity = firmIdentity(compliance)
  return (
    <section aria-label="Preview" className="grid gap-2 rounded-lg bg-slate-50 p-4 text-slate-700 text-sm">
      <h3 className="font-semibold text-navy-900">Preview</h3>
      <p>{feeDisclosure(compliance)}</p>
      <p>{compliance.freeRouteStatement}</p>
      <p>
        {identity ?? 'No firm details are shown until the firm name or FCA reference number is filled in.'}
      </p>
    </section>
  )
}

/** The questionnaire's constants and the FCA statements (core/compliance.ts), edited as settings. */
export function ComplianceCard({ data, isLoading }: { data: unknown; isLoading: boolean }) {
  const version = useMemo(() => {
    const rows = asList<{ key: string; value: string | null }>(data)
    return complianceVersion(readCompliance(new Map(rows.map((r) => [r.key, r.value]))))
  }, [data])
  return (
    <SettingsCard
      title="Compliance"
      description={`The statements the FCA expects near the estimate and the guard on publishing estimates. Changes show on the public site at once; each new lead records the version in force (now ${version}).`}
      groups={complianceGroups}
      data={data}
      isLoading={isLoading}
      saveLabel="Save Compliance"
      // Values that would be refused fall back to their defaults here, as on the public page.
      footer={(values: Values) => <Preview compliance={readCompliance(new Map(Object.entries(values)))} />}
    />
  )
}
