import { useMemo } from 'react'
import {
  type Compliance,
  complianceVersion,
  feeDisclosure,
  firmIdentity,
  readCompliance,
} from '../../../../core/compliance.ts'
import { settingCards } from '../../../../core/setting-cards.ts'
import { asList } from '../api.ts'
import { cardGroups } from './setting-fields.ts'
import { SettingsCard, type Values } from './settings-card.tsx'

const card = settingCards[1]
export const complianceGroups = cardGroups(card)

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
      title={card.title}
      description={`${card.description.replace(/\.$/, '')} (now ${version}).`}
      groups={complianceGroups}
      data={data}
      isLoading={isLoading}
      saveLabel={card.saveLabel}
      // Values that would be refused fall back to their defaults here, as on the public page.
      footer={(values: Values) => <Preview compliance={readCompliance(new Map(Object.entries(values)))} />}
    />
  )
}
