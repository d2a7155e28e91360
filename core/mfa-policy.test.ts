import { describe, expect, it } from 'vitest'
import { MFA_POLICY_OFF, mustEnrol, policyCovers } from './mfa-policy.ts'

describe('second-factor policy', () => {
  it('covers nobody when off', () => {
    for (const role of ['admin', 'editor', 'buyer']) expect(policyCovers(MFA_POLICY_OFF, role)).toBe(false)
  })

  it('covers every member of staff when on for all, not buyers', () => {
    expect(policyCovers({ mode: 'all' }, 'admin')).toBe(true)
    expect(policyCovers({ mode: 'all' }, 'editor')).toBe(true)
    expect(policyCovers({ mode: 'all' }, 'buyer')).toBe(false)
  })

  it('covers only the listed roles', () => {
    const policy = { mode: 'roles', roles: ['admin'] } as const
    expect(policyCovers({ ...policy, roles: [...policy.roles] }, 'admin')).toBe(true)
    expect(policyCovers({ ...policy, roles: [...policy.roles] }, 'editor')).toBe(false)
    expect(policyCovers({ ...policy, roles: [...policy.roles] }, 'buyer')).toBe(false)
    expect(policyCovers({ mode: 'roles', roles: ['buyer'] }, 'buyer')).toBe(true)
    expect(policyCovers({ mode: 'roles', roles: ['buyer'] }, 'admin')).toBe(false)
  })

  it('holds at enrolment only a covered account without a factor', () => {
    expect(mustEnrol({ mode: 'all' }, 'editor', false)).toBe(true)
    expect(mustEnrol({ mode: 'all' }, 'editor', true)).toBe(false)
    expect(mustEnrol({ mode: 'roles', roles: ['admin'] }, 'editor', false)).toBe(false)
    expect(mustEnrol(MFA_POLICY_OFF, 'admin', false)).toBe(false)
  })
})
