import { complianceKeys, dateBandKeys, dateBands, estimateKeys, loanBands } from './compliance-keys.ts'
import type { Compliance } from './compliance-statements.ts'
import type { DateBand, LoanBand } from './eligibility.ts'
import { settingValue } from './settings.ts'
import { sha256Hex } from './sha256.ts'

// The public pages import the statements alone (compliance-statements.ts): the reading and the
// hashing below are for the server and the admin. The rules live in core/settings.ts.
export * from './compliance-keys.ts'
export * from './compliance-statements.ts'

const read = new WeakMap<ReadonlyMap<string, string | null>, Compliance>()

/** The compliance settings from the site settings, each falling back to its default. */
export function readCompliance(settings: ReadonlyMap<string, string | null>): Compliance {
  const cached = read.get(settings)
  if (cached) return cached
  const compliance: Compliance = {
    estimates: Object.fromEntries(
      loanBands.map((band) => [band, settingValue(settings, estimateKeys[band])]),
    ) as Record<LoanBand, number>,
    fallbackEstimate: settingValue(settings, complianceKeys.fallbackEstimate),
    dateBandLabels: Object.fromEntries(
      dateBands.map((band) => [band, settingValue(settings, dateBandKeys[band])]),
    ) as Record<DateBand, string>,
    freeRouteStatement: settingValue(settings, complianceKeys.freeRouteStatement),
    feePercentage: settingValue(settings, complianceKeys.feePercentage),
    feeCap: settingValue(settings, complianceKeys.feeCap),
    firmName: settingValue(settings, complianceKeys.firmName),
    firmAddress: settingValue(settings, complianceKeys.firmAddress),
    fcaNumber: settingValue(settings, complianceKeys.fcaNumber),
    companyNumber: settingValue(settings, complianceKeys.companyNumber),
    icoNumber: settingValue(settings, complianceKeys.icoNumber),
    fcaStatus: settingValue(settings, complianceKeys.fcaStatus),
  }
  read.set(settings, compliance)
  return compliance
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    )
  }
  return value
}

const versions = new WeakMap<Compliance, string>()

/**
 * A short SHA-256 of the canonical JSON (keys sorted) of everything a visitor was shown: recorded
 * with each lead, it changes whenever any constant or statement does.
 */
export function complianceVersion(compliance: Compliance): string {
  const cached = versions.get(compliance)
  if (cached) return cached
  const version = sha256Hex(JSON.stringify(canonical(compliance))).slice(0, 16)
  versions.set(compliance, version)
  return version
}
