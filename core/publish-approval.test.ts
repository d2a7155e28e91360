import { describe, expect, it } from 'vitest'
import type { ReviewCode, ReviewFlag } from './compliance-review.ts'
import {
  ADMINS_ONLY,
  approvalRefusal,
  approvalRequired,
  flagsNeedingApproval,
  SELF_APPROVAL,
} from './publish-approval.ts'

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

describe('the flags that ask for a second admin', () => {
  const finding = (id: string, code: ReviewCode = 'uncited-figure'): ReviewFlag => ({
    id,
    code,
    blockId: 'stats',
    field: 'items.0.value',
    text: '42M+',
    message: 'A figure without evidence',
  })
  const none = new Set<string>()

  it('asks for what the version brings, not what is already live', () => {
    const flags = [finding('a'), finding('b', 'guarantee-claim')]
    expect(flagsNeedingApproval({ flags, live: [], accepted: none }).map((f) => f.id)).toEqual(['a', 'b'])
    expect(flagsNeedingApproval({ flags, live: [finding('a')], accepted: none }).map((f) => f.id)).toEqual([
      'b',
    ])
  })

  it('does not ask for a flag accepted with a note, nor for firm details kept in Settings', () => {
    const flags = [finding('a'), finding('f', 'missing-firm-details')]
    expect(flagsNeedingApproval({ flags, live: [], accepted: new Set(['a']) })).toEqual([])
  })
})
