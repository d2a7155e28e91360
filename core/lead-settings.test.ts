import { describe, expect, it } from 'vitest'
import { DEFAULT_RETENTION_YEARS, retentionCutoff } from './lead-settings.ts'
import { parseSetting } from './settings.ts'

const parseRetentionYears = (value: string | null | undefined) => parseSetting('retention_years', value)
const parseNotificationEmail = (value: string | null | undefined) =>
  parseSetting('lead_notification_email', value)

describe('lead settings', () => {
  it('keeps leads six years unless a whole number of years from 1 to 50 is set', () => {
    expect(DEFAULT_RETENTION_YEARS).toBe(6)
    expect(parseRetentionYears(undefined)).toBe(6)
    expect(parseRetentionYears(null)).toBe(6)
    expect(parseRetentionYears('3')).toBe(3)
    expect(parseRetentionYears(' 10 ')).toBe(10)
    expect(parseRetentionYears('50')).toBe(50)
    // A typo never shortens retention to nothing.
    for (const bad of ['', '0', '-1', '2.5', '2 years', 'six', '51', '100', '101', '1e3']) {
      expect(parseRetentionYears(bad), bad).toBe(6)
    }
  })

  it('notifies a valid address only', () => {
    expect(parseNotificationEmail(undefined)).toBeNull()
    expect(parseNotificationEmail('')).toBeNull()
    expect(parseNotificationEmail('   ')).toBeNull()
    expect(parseNotificationEmail('not an email')).toBeNull()
    expect(parseNotificationEmail(' ops@example.com ')).toBe('ops@example.com')
  })

  it('counts calendar years back from now, in UTC', () => {
    expect(retentionCutoff(6, new Date('2031-05-10T12:00:00Z')).toISOString()).toBe(
      '2025-05-10T12:00:00.000Z',
    )
    // 29 February has no twin six years earlier: the next day stands in.
    expect(retentionCutoff(6, new Date('2032-02-29T00:00:00Z')).toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    )
  })
})
