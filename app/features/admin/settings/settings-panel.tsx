import type { SettingRow } from '../../../../core/schemas/settings.ts'
import { settingCards } from '../../../../core/setting-cards.ts'
import { LoadError } from '../load-error.tsx'
import { useList } from '../use-list.ts'
import { ComplianceCard } from './compliance-card.tsx'
import { LeadSettingsCard } from './lead-settings-card.tsx'
import { OperatorDetailsWarning } from './operator-warning.tsx'
import { cardGroups } from './setting-fields.ts'
import { SETTINGS, SettingsCard } from './settings-card.tsx'
import { SiteFactsCard } from './site-facts-card.tsx'

const siteCard = settingCards[0]
/** SPEC section 2's eight settings, plus the buyer named beside the consent box. */
export const siteSettingGroups = cardGroups(siteCard)

export function SettingsPanel() {
  const { data, error, isLoading } = useList<SettingRow>(SETTINGS)
  return (
    <div className="grid gap-6">
      <LoadError error={error} />
      <OperatorDetailsWarning data={data} />
      <SettingsCard
        title={siteCard.title}
        description={siteCard.description}
        groups={siteSettingGroups}
        data={data}
        isLoading={isLoading}
        saveLabel={siteCard.saveLabel}
      />
      <ComplianceCard data={data} isLoading={isLoading} />
      <SiteFactsCard data={data} isLoading={isLoading} />
      <LeadSettingsCard data={data} isLoading={isLoading} />
    </div>
  )
}
