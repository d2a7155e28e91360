import type { ReviewFlag } from './schemas/page-publications.ts'

/**
 * The four-eyes rule (docs/decisions/0079-four-eyes-and-scheduled-publishing.md): a version needs
 * a second admin's approval when the operator turned approval on for every page, or when the
 * compliance review flagged its content.
 */
export function approvalRequired(options: { approvalOn: boolean; flags: readonly ReviewFlag[] }): boolean {
  return options.approvalOn || options.flags.length > 0
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
