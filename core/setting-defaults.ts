import { FCA_AVERAGE_AWARD } from './questionnaire/redress-scheme-definition.ts'

/** Defaults and bounds of settings that code elsewhere needs by name (the registry: core/settings.ts). */

export const DEFAULT_ROBOTS_TXT = 'User-agent: *\nDisallow: /'
export const DEFAULT_DUPLICATE_WINDOW_DAYS = 30
/** The privacy policy promises six years. */
export const DEFAULT_RETENTION_YEARS = 6
export const MIN_RETENTION_YEARS = 1
export const MAX_RETENTION_YEARS = 50
/** How long after the consent wording changed a form showing the earlier wording may still be sent. */
export const DEFAULT_CONSENT_VERSION_MAX_AGE_HOURS = 24
/** Unset, the publish guard's reference is the FCA's average award under its redress scheme. */
export const DEFAULT_QUESTIONNAIRE_REFERENCE_AMOUNT = FCA_AVERAGE_AWARD.amount
export const DEFAULT_ANALYTICS_HOURLY_RETENTION_DAYS = 90
/** The FCA's redress scheme as it stood when this was written; the operator rewrites it as it moves on. */
export const DEFAULT_SCHEME_STATUS =
  'The Upper Tribunal suspended the FCA’s redress scheme in July 2026. A hearing is expected in December 2026 or February 2027; until then no payments are being made under the scheme.'
