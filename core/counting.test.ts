import { describe, expect, it } from 'vitest'
import {
  countingChoice,
  NO_COUNT_MAX_AGE_MS,
  noCountCookie,
  objectsToCounting,
  sendsGpc,
} from './counting.ts'

describe('objecting to counting', () => {
  it('honours Sec-GPC: 1 and nothing else as the signal', () => {
    expect(sendsGpc('1')).toBe(true)
    expect(sendsGpc(' 1 ')).toBe(true)
    for (const value of ['0', '', 'true', '11', undefined, null]) expect(sendsGpc(value)).toBe(false)
  })

  it('reads the choice from a Cookie header among others', () => {
    expect(countingChoice('cc_no_count=1')).toBe('objected')
    expect(countingChoice('a=b; cc_no_count=1; c=d')).toBe('objected')
    expect(countingChoice('a=b;cc_no_count=0')).toBe('counted-again')
    expect(countingChoice('xcc_no_count=1')).toBeNull()
    expect(countingChoice('cc_no_count=yes')).toBeNull()
    expect(countingChoice(undefined)).toBeNull()
    expect(countingChoice('')).toBeNull()
  })

  it('does not count a request that sends GPC or carries the objection', () => {
    expect(objectsToCounting({ gpc: '1', cookie: undefined })).toBe(true)
    expect(objectsToCounting({ gpc: undefined, cookie: 'cc_no_count=1' })).toBe(true)
    expect(objectsToCounting({ gpc: '0', cookie: 'cc_no_count=0' })).toBe(false)
    expect(objectsToCounting({ gpc: null, cookie: 'cookie_consent_v1=x' })).toBe(false)
  })

  it('keeps an objection a year, an undo ten minutes, Secure on HTTPS', () => {
    expect(noCountCookie('off', true)).toBe(
      `cc_no_count=1; Path=/; Max-Age=${NO_COUNT_MAX_AGE_MS / 1000}; SameSite=Lax; Secure`,
    )
    expect(noCountCookie('on', false)).toBe('cc_no_count=0; Path=/; Max-Age=600; SameSite=Lax')
    expect(countingChoice(noCountCookie('off', false).split(';')[0])).toBe('objected')
  })
})
