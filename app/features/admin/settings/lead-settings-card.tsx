import {
  DEFAULT_DUPLICATE_WINDOW_DAYS,
  DEFAULT_RETENTION_YEARS,
  leadSettingKeys,
} from '../../../../core/schemas/settings.ts'
import { type FieldGroup, SettingsCard } from './settings-card.tsx'

export const leadSettingGroups: readonly FieldGroup[] = [
  {
    fields: [
      {
        key: leadSettingKeys.duplicateWindowDays,
        label: 'Duplicate window (days)',
        hint: `A lead whose phone or email matches one received within this many days is counted as a duplicate (0 turns this off). Default ${DEFAULT_DUPLICATE_WINDOW_DAYS}.`,
        inputMode: 'numeric',
        defaultValue: String(DEFAULT_DUPLICATE_WINDOW_DAYS),
      },
      {
        key: leadSettingKeys.retentionYears,
        label: 'Retention period (years)',
        hint: `Leads and consent records older than this are deleted daily. Default ${DEFAULT_RETENTION_YEARS}, as the privacy policy says.`,
        inputMode: 'numeric',
        defaultValue: String(DEFAULT_RETENTION_YEARS),
      },
      {
        key: leadSettingKeys.leadNotificationEmail,
        label: 'New lead e-mail',
        hint: 'An e-mail with a link to each new lead goes to this address. Leave empty for none.',
        type: 'email',
        inputMode: 'email',
        wide: true,
      },
    ],
  },
]

export function LeadSettingsCard({ data, isLoading }: { data: unknown; isLoading: boolean }) {
  return (
    <SettingsCard
      title="Leads"
      description="How leads are de-duplicated, kept and announced"
      groups={leadSettingGroups}
      data={data}
      isLoading={isLoading}
      saveLabel="Save Lead Settings"
    />
  )
}
