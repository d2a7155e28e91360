import { describe, expect, it } from 'vitest'
import { describeActivity } from './audit-actions.ts'
import { settingSchema } from './schemas/settings.ts'
import { settingCards } from './setting-cards.ts'
import {
  parseSetting,
  type SettingKey,
  seededSettings,
  settingAuditLabel,
  settingDefinitions,
  settingText,
  settingValueError,
} from './settings.ts'

const keys = settingDefinitions.map((s) => s.key)

/** Values typed into a settings field, good and bad for every kind of rule. */
const probes = [
  '',
  '   ',
  '0',
  '1',
  '6',
  '30',
  '50',
  '51',
  '100',
  '101',
  '3650',
  '3651',
  '-1',
  '2.5',
  '1e3',
  'abc',
  ' 7 ',
  '30.55',
  '1000001',
  'ops@example.com',
  'ops@',
  'SC123456',
  'sc123456',
  'ZA123456',
  '1234567',
  'Acme Claims Ltd',
  'Two\nlines',
  'bad\u0007text',
  'x'.repeat(700),
  'You can complain to your lender for free, without using a claims company.',
]

describe('the settings registry', () => {
  it('defines every key once, each a key the settings API accepts', () => {
    expect(new Set(keys).size).toBe(keys.length)
    for (const key of keys) expect(settingSchema.safeParse({ key, value: null }).success, key).toBe(true)
  })

  it('puts every setting shown on a card in a group of the card of its category', () => {
    const groups = new Map<string, string>(
      settingCards.flatMap((card) => card.groups.map((g) => [g.id, card.category] as const)),
    )
    for (const s of settingDefinitions) {
      if (s.group) expect(groups.get(s.group), s.key).toBe(s.category)
    }
    for (const id of groups.keys())
      expect(
        settingDefinitions.some((s) => s.group === id),
        id,
      ).toBe(true)
  })

  it('accepts each default through its own rule', () => {
    for (const s of settingDefinitions) {
      const text = settingText(s.default)
      expect(settingValueError(s.key, text), s.key).toBeUndefined()
      expect(parseSetting(s.key, text), s.key).toEqual(s.default)
    }
  })

  it('reads a value exactly as the validator accepts it, and a refused one as the default only', () => {
    for (const s of settingDefinitions) {
      for (const value of probes) {
        const error = settingValueError(s.key, value)
        const read = parseSetting(s.key as SettingKey, value)
        if (error !== undefined) expect(read, `${s.key}=${JSON.stringify(value)}`).toEqual(s.default)
        else if (value.trim() === '') expect(read).toEqual(s.default)
        else expect(read, `${s.key}=${JSON.stringify(value)}`).toEqual(s.rule.schema.parse(value))
      }
    }
  })

  it('keeps retention_years from 1 to 50 years in the validator and the reader alike', () => {
    for (const bad of ['0', '51', '100', '101', 'abc', '-1', '2.5', '1e3']) {
      expect(settingValueError('retention_years', bad), bad).toMatch(/^The retention period must be/)
      expect(parseSetting('retention_years', bad), bad).toBe(6)
    }
    for (const [good, years] of [
      ['1', 1],
      ['50', 50],
      [' 12 ', 12],
    ] as const) {
      expect(settingValueError('retention_years', good)).toBeUndefined()
      expect(parseSetting('retention_years', good)).toBe(years)
    }
  })

  it('seeds the five settings a fresh site starts with, in their stored format', () => {
    expect(seededSettings.map((s) => [s.key, s.category])).toEqual([
      ['site_title', 'general'],
      ['partner_name', 'leads'],
      ['robots_txt', 'seo'],
      ['scheme_status', 'facts'],
      ['thank-you', 'page'],
    ])
    // Empty is a state of its own (blocks shown only while it is set hide), so it is seeded.
    expect(seededSettings.find((s) => s.key === 'scheme_status')?.value).toMatch(/Upper Tribunal/)
    expect(seededSettings.find((s) => s.key === 'robots_txt')?.value).toBe('User-agent: *\nDisallow: /')
    expect(seededSettings.find((s) => s.key === 'partner_name')?.value).toBeNull()
  })

  it('names every setting in the activity feed', () => {
    for (const key of keys) expect(settingAuditLabel(key), key).toMatch(/\S/)
    const entry = { action: 'setting.update', entityId: 'retention_years', detail: null }
    expect(describeActivity(entry)).toBe('Retention period updated')
    expect(describeActivity({ ...entry, entityId: 'fee_cap' })).toBe('Fee cap updated')
    expect(describeActivity({ ...entry, entityId: 'support_phone' })).toBe('Setting support_phone updated')
  })
})
