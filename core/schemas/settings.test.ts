import { describe, expect, it } from 'vitest'
import {
  readAnalyticsHourlyRetentionDays,
  readLeadSettings,
  readQuestionnaireReferenceAmount,
  settingValueError,
} from './settings.ts'

const settings = (entries: Record<string, string | null>) => new Map(Object.entries(entries))

describe('settingValueError', () => {
  it.each([
    ['duplicate_window_days', '-1', 'The duplicate window must be a whole number of days'],
    ['duplicate_window_days', '7.5', 'The duplicate window must be a whole number of days'],
    ['duplicate_window_days', 'thirty', 'The duplicate window must be a whole number of days'],
    ['duplicate_window_days', '3651', 'The duplicate window must be from 0 to 3650 days'],
    ['retention_years', '0', 'The retention period must be from 1 to 50 years'],
    ['retention_years', '-6', 'The retention period must be a whole number of years'],
    [
      'consent_version_max_age_hours',
      '721',
      'How long replaced consent wording is accepted must be from 0 to 720 hours',
    ],
    ['lead_notification_email', 'not-an-email', 'The notification e-mail must be a valid e-mail address'],
    ['fee_percentage', '150', 'The fee percentage must be a number from 0 to 100, e.g. 30'],
    ['estimate_35000_plus', '0', 'The estimate for £35,000+ must be at least £1'],
    ['estimate_35000_plus', '5,000', 'The estimate for £35,000+ must be a whole number of pounds, e.g. 2500'],
    ['fca_reference_number', 'abc', 'The FCA reference number must be 6 or 7 digits'],
    ['questionnaire_reference_amount', '0', 'The reference amount must be from 1 to 1000000 pounds'],
    ['analytics_hourly_retention_days', '0', 'The hourly analytics retention must be from 1 to 3650 days'],
    [
      'analytics_hourly_retention_days',
      'ninety',
      'The hourly analytics retention must be a whole number of days',
    ],
    ['questionnaire_reference_amount', '829.50', 'The reference amount must be a whole number of pounds'],
  ])('refuses %s = %j: %s', (key, value, message) => {
    expect(settingValueError(key, value)).toBe(message)
  })

  it.each([
    ['duplicate_window_days', '30'],
    ['duplicate_window_days', ' 7 '],
    ['retention_years', '6'],
    ['lead_notification_email', 'ops@example.co.uk'],
    ['lead_notification_email', ''],
    ['fee_percentage', '0'],
    ['fee_percentage', '100'],
    ['fee_percentage', '27.5'],
    ['fca_reference_number', '1234567'],
    ['site_title', 'Anything at all'],
    ['retention_years', null],
  ])('accepts %s = %j', (key, value) => {
    expect(settingValueError(key, value)).toBeUndefined()
  })
})

describe('readLeadSettings', () => {
  it('gives the defaults when nothing or nonsense is stored', () => {
    const defaults = {
      duplicateWindowDays: 30,
      retentionYears: 6,
      leadNotificationEmail: null,
      consentVersionMaxAgeHours: 24,
    }
    expect(readLeadSettings(new Map())).toEqual(defaults)
    expect(
      readLeadSettings(
        settings({
          duplicate_window_days: '-1',
          retention_years: 'six',
          lead_notification_email: 'nobody',
          consent_version_max_age_hours: '-2',
        }),
      ),
    ).toEqual(defaults)
  })

  it('reads valid values', () => {
    expect(
      readLeadSettings(
        settings({
          duplicate_window_days: '14',
          retention_years: '7',
          lead_notification_email: ' ops@example.com ',
          consent_version_max_age_hours: '0',
        }),
      ),
    ).toEqual({
      duplicateWindowDays: 14,
      retentionYears: 7,
      leadNotificationEmail: 'ops@example.com',
      consentVersionMaxAgeHours: 0,
    })
  })
})

describe('readQuestionnaireReferenceAmount', () => {
  it('is the setting when valid, else the FCA average award', () => {
    expect(readQuestionnaireReferenceAmount('500')).toBe(500)
    expect(readQuestionnaireReferenceAmount(' 1200 ')).toBe(1200)
    for (const unset of [undefined, null, '', '  ', 'abc', '0'])
      expect(readQuestionnaireReferenceAmount(unset)).toBe(829)
  })
})

describe('readAnalyticsHourlyRetentionDays', () => {
  it('is 90 days unless set to a valid number', () => {
    expect(readAnalyticsHourlyRetentionDays(undefined)).toBe(90)
    expect(readAnalyticsHourlyRetentionDays('')).toBe(90)
    expect(readAnalyticsHourlyRetentionDays('0')).toBe(90)
    expect(readAnalyticsHourlyRetentionDays(' 30 ')).toBe(30)
  })
})
