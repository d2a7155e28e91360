import { settingCards } from '../../../../core/setting-cards.ts'
import { cardGroups } from './setting-fields.ts'
import { SettingsCard } from './settings-card.tsx'

const card = settingCards[2]
export const leadSettingGroups = cardGroups(card)

export function LeadSettingsCard({ data, isLoading }: { data: unknown; isLoading: boolean }) {
  return (
    <SettingsCard
      title={card.title}
      description={card.description}
      groups={leadSettingGroups}
      data={data}
      isLoading={isLoading}
      saveLabel={card.saveLabel}
    />
  )
}
