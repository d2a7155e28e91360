import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readCompliance } from '../../core/compliance.ts'
import { readLeadSettings } from '../../core/schemas/settings.ts'
import { purgeExpiredData, retentionYearsOf } from '../../server/leads/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { expectError, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

describe(`settings saved through the registry (core/settings.ts) on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })

  afterAll(async () => {
    await app?.close()
  })

  const stored = async (key: string) =>
    (
      await app.database.db
        .selectFrom('siteSetting')
        .select(['value', 'updatedAt'])
        .where('key', '=', key)
        .executeTakeFirst()
    )?.value
  const save = (key: string, value: string | null) => admin.post('/api/admin/settings', { key, value })
  const settings = async () => (await app.services.site.get()).settings

  /** What each reader of retention_years makes of the stored value. */
  async function retentionAsRead() {
    const purge = await purgeExpiredData(app.services)
    return {
      job: purge.retentionYears,
      signingKeys: await retentionYearsOf(app.services.site),
      leads: readLeadSettings(await settings()).retentionYears,
    }
  }

  describe('retention_years', () => {
    it.each([
      ['0', 'The retention period must be from 1 to 50 years'],
      ['51', 'The retention period must be from 1 to 50 years'],
      ['100', 'The retention period must be from 1 to 50 years'],
      ['101', 'The retention period must be from 1 to 50 years'],
      ['abc', 'The retention period must be a whole number of years'],
      ['-1', 'The retention period must be a whole number of years'],
      ['2.5', 'The retention period must be a whole number of years'],
    ])('refuses %j with 400 naming the setting and the rule, and saves nothing', async (value, message) => {
      await ok(await save('retention_years', '7'))
      await expectError(await save('retention_years', value), 400, message)
      expect(await stored('retention_years')).toBe('7')
      expect(await retentionAsRead()).toEqual({ job: 7, signingKeys: 7, leads: 7 })
    })

    it('accepts 50, and the retention job and every reader use what was saved', async () => {
      const saved = await ok(await save('retention_years', '50'))
      expect(saved).toMatchObject({ key: 'retention_years', value: '50' })
      expect(await stored('retention_years')).toBe('50')
      expect(await retentionAsRead()).toEqual({ job: 50, signingKeys: 50, leads: 50 })
      await ok(await save('retention_years', ''))
      expect(await retentionAsRead()).toEqual({ job: 6, signingKeys: 6, leads: 6 })
    })

    it('reads a value stored outside the rule (an older release allowed up to 100) the same way everywhere', async () => {
      await app.database.db
        .updateTable('siteSetting')
        .set({ value: '75' })
        .where('key', '=', 'retention_years')
        .execute()
      await app.services.site.changed()
      // The default, as the admin card shows it: never 75 in the job and 6 on the screen.
      expect(await retentionAsRead()).toEqual({ job: 6, signingKeys: 6, leads: 6 })
      await ok(await save('retention_years', '6'))
    })
  })

  describe('other settings', () => {
    it('refuses a duplicate window out of range and keeps the saved one', async () => {
      await ok(await save('duplicate_window_days', '14'))
      await expectError(
        await save('duplicate_window_days', '3651'),
        400,
        'The duplicate window must be from 0 to 3650 days',
      )
      expect(await stored('duplicate_window_days')).toBe('14')
      expect(readLeadSettings(await settings()).duplicateWindowDays).toBe(14)
      await ok(await save('duplicate_window_days', ''))
      expect(readLeadSettings(await settings()).duplicateWindowDays).toBe(30)
    })

    it('refuses a fee percentage over 100 and a bad notification address', async () => {
      await expectError(
        await save('fee_percentage', '101'),
        400,
        'The fee percentage must be a number from 0 to 100, e.g. 30',
      )
      await expectError(
        await save('lead_notification_email', 'ops@'),
        400,
        'The notification e-mail must be a valid e-mail address',
      )
      expect(await stored('fee_percentage')).toBeUndefined()
      expect(await stored('lead_notification_email')).toBeUndefined()
    })

    it('stores what was typed and reads it through the rule', async () => {
      await ok(await save('company_number', ' sc123456 '))
      expect(await stored('company_number')).toBe(' sc123456 ')
      expect(readCompliance(await settings()).companyNumber).toBe('SC123456')
      await ok(await save('company_number', ''))
    })

    it('serves the default robots.txt while the setting is empty, as the settings card shows', async () => {
      await ok(await save('robots_txt', ''))
      try {
        expect(await (await app.request('/robots.txt')).text()).toBe('User-agent: *\nDisallow: /\n')
      } finally {
        await ok(await save('robots_txt', 'User-agent: *\nDisallow: /'))
      }
    })

    it('keeps taking any text for a key the registry does not define', async () => {
      await ok(await save('support_phone', '0800 000 000'))
      expect(await stored('support_phone')).toBe('0800 000 000')
    })
  })
})
