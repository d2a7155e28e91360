import { settingDefinitions } from './setting-definitions.ts'
import type { SettingDefinition } from './setting-rules.ts'

export {
  DEFAULT_ANALYTICS_HOURLY_RETENTION_DAYS,
  DEFAULT_CONSENT_VERSION_MAX_AGE_HOURS,
  DEFAULT_DUPLICATE_WINDOW_DAYS,
  DEFAULT_QUESTIONNAIRE_REFERENCE_AMOUNT,
  DEFAULT_RETENTION_YEARS,
  DEFAULT_ROBOTS_TXT,
  DEFAULT_SCHEME_STATUS,
  MAX_RETENTION_YEARS,
  MIN_RETENTION_YEARS,
} from './setting-defaults.ts'
export { settingDefinitions } from './setting-definitions.ts'
export {
  defineSetting,
  monthYear,
  type SettingCategory,
  type SettingDefinition,
  type SettingInput,
  type SettingRule,
} from './setting-rules.ts'

/**
 * Every site setting, defined once (docs/decisions/0068-settings-registry.md): its key, the settings
 * card it belongs to, label, description, default and rule. Seeding, the settings API's check, the
 * typed reader, the audit labels and the admin settings cards all derive from `settingDefinitions`.
 */

type Definitions = (typeof settingDefinitions)[number]
export type SettingKey = Definitions['key']
export type SettingValue<K extends SettingKey> = Definitions extends infer Def
  ? Def extends SettingDefinition<infer DK, infer T, infer D>
    ? K extends DK
      ? T | D
      : never
    : never
  : never

const byKey: ReadonlyMap<string, SettingDefinition> = new Map(
  settingDefinitions.map((s) => [s.key, s as SettingDefinition]),
)

export function settingDefinition(key: string): SettingDefinition | undefined {
  return byKey.get(key)
}

/** Whether `key` is a setting this registry defines. */
export const isSettingKey = (key: string): key is SettingKey => byKey.has(key)

/**
 * Why `value` is not acceptable for the setting `key`, or undefined when it is. An empty value always
 * passes (it means "use the default"); a key the registry does not define takes any text.
 */
export function settingValueError(key: string, value: string | null): string | undefined {
  if (value === null || value.trim() === '') return undefined
  const parsed = byKey.get(key)?.rule.schema.safeParse(value)
  return parsed && !parsed.success ? (parsed.error.issues[0]?.message ?? 'Invalid value') : undefined
}

/** A stored text read by its rule: unset, empty or refused by the rule is the default. */
export function parseSetting<K extends SettingKey>(key: K, raw: string | null | undefined): SettingValue<K> {
  const definition = byKey.get(key) as SettingDefinition
  if (raw === null || raw === undefined || raw.trim() === '') return definition.default as SettingValue<K>
  const parsed = definition.rule.schema.safeParse(raw)
  return (parsed.success ? parsed.data : definition.default) as SettingValue<K>
}

/** One setting's value from the site settings (key → stored text), the only way server code reads one. */
export function settingValue<K extends SettingKey>(
  settings: ReadonlyMap<string, string | null>,
  key: K,
): SettingValue<K> {
  return parseSetting(key, settings.get(key))
}

/** The text a value is stored as (what the admin card shows while the setting is unset). */
export function settingText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value)
}

/** Rows inserted on first start (never overwriting an operator's change). */
export const seededSettings = settingDefinitions.flatMap((s) =>
  s.seed
    ? [
        {
          key: s.key,
          value:
            s.seed.value !== undefined ? s.seed.value : s.default === null ? null : settingText(s.default),
          category: s.seed.category,
          description: s.seed.description,
        },
      ]
    : [],
)

/** The audit log's name of a setting: its label without the unit, e.g. "Retention period". */
export function settingAuditLabel(key: string): string | undefined {
  return byKey.get(key)?.label.replace(/\s*\([^)]*\)$/, '')
}
