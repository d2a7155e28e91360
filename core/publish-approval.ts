import type { ReviewCode, ReviewFlag as ReviewFinding } from './compliance-review.ts'
import type { ReviewFlag } from './schemas/page-publications.ts'

/**
 * The four-eyes rule (docs/decisions/0079-four-eyes-and-scheduled-publishing.md): a version needs
 * a second admin's approval when the operator turned approval on for every page, or when the
 * compliance review flagged its content.
 */
export function approvalRequired(options: { approvalOn: boolean; flags: readonly ReviewFlag[] }): boolean {
  return options.approvalOn || options.flags.length > 0
}

/**
 * Flags a second admin can act on by reading the copy. Missing firm details come from Settings and
 * the footer: shown in the editor and on the dashboard, fixed there, not by approving a page.
 */
const APPROVAL_CODES: ReadonlySet<ReviewCode> = new Set([
  'uncited-figure',
  'figure-not-in-evidence',
  'estimate-above-average',
  'fee-beyond-cap',
  'no-win-no-fee-without-free-route',
  'guarantee-claim',
])

/**
 * The review's flags on a version that ask for a second admin: those the version brings, not
 * those already live on the page (the dashboard lists those until resolved) nor those the operator
 * accepted with a note.
 */
export function flagsNeedingApproval(options: {
  flags: readonly ReviewFinding[]
  live: readonly ReviewFinding[]
  accepted: ReadonlySet<string>
}): ReviewFinding[] {
  const live = new Set(options.live.map((flag) => flag.id))
  return options.flags.filter(
    (flag) => APPROVAL_CODES.has(flag.code) && !live.has(flag.id) && !options.accepted.has(flag.id),
  )
}

export const APPROVER_ROLE = 'admin'
export const SELF_APPROVAL = 'You asked for this publication: another admin must approve it'
export const ADMINS_ONLY = 'Only an admin can approve or reject a publication'

/** Why `approver` may not decide a publication `requestedById` asked for, or null when they may. */
export function approvalRefusal(
  approver: { id: number; role: string } | undefined,
  requestedById: number | null,
): string | null {
  if (!approver || approver.role !== APPROVER_ROLE) return ADMINS_ONLY
  if (requestedById !== null && approver.id === requestedById) return SELF_APPROVAL
  return null
}
