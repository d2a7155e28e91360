import { groupSettings, type SettingCard } from '../../../../core/setting-cards.ts'
import { type SettingDefinition, type SettingInput, settingText } from '../../../../core/settings.ts'
import type { FieldGroup, SettingField } from './settings-card.tsx'

const controls: Record<SettingInput, Omit<SettingField, 'key' | 'label'>> = {
  text: {},
  multiline: { multiline: true },
  code: { multiline: true, monospace: true },
  numeric: { inputMode: 'numeric' },
  decimal: { inputMode: 'decimal' },
  email: { type: 'email', inputMode: 'email' },
  url: { type: 'url', inputMode: 'url' },
}

/** A card field from a setting's definition: label, hint, control from its rule, default shown while unset. */
export function settingField(definition: SettingDefinition): SettingField {
  const defaultValue = settingText(definition.default)
  return {
    key: definition.key,
    label: definition.label,
    hint: definition.description,
    ...controls[definition.rule.input],
    ...(definition.wide ? { wide: true } : {}),
    ...(defaultValue ? { defaultValue } : {}),
  }
}

/** The field groups of a settings card (core/settings.ts `settingCards`). */
export function cardGroups(card: SettingCard): FieldGroup[] {
  return card.groups.map(({ id, legend, description }) => ({
    ...(legend ? { legend } : {}),
    ...(description ? { description } : {}),
    fields: groupSettings(id).map(settingField),
  }))
}
