import { describe, expect, it } from 'vitest'
import { ADMINS_ONLY, approvalRefusal, approvalRequired, SELF_APPROVAL } from './publish-approval.ts'

const flag = { code: 'guarantee', message: 'Promises an outcome' }

describe('the four-eyes rule', () => {
  it('needs approval when it is on, or when the review flagged the content', () => {
    expect(approvalRequired({ approvalOn: false, flags: [] })).toBe(false)
    expect(approvalRequired({ approvalOn: true, flags: [] })).toBe(true)
    expect(approvalRequired({ approvalOn: false, flags: [flag] })).toBe(true)
  })

  it('lets another admin approve, not the requester or an editor', () => {
    expect(approvalRefusal({ id: 2, role: 'admin' }, 1)).toBeNull()
    expect(approvalRefusal({ id: 1, role: 'admin' }, 1)).toBe(SELF_APPROVAL)
    expect(approvalRefusal({ id: 2, role: 'editor' }, 1)).toBe(ADMINS_ONLY)
    expect(approvalRefusal(undefined, 1)).toBe(ADMINS_ONLY)
  })
})
