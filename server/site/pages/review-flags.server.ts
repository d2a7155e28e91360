import type { ReviewFlag } from '../../../core/schemas/page-publications.ts'

/**
 * What the compliance review flags in a version's content: the one place four-eyes publishing asks.
 * The compliance review (core/compliance-review.ts) plugs in here; until it does, nothing is flagged
 * and only the operator's `publish_approval_required` setting asks for a second admin.
 */
export function reviewFlags(_content: unknown): ReviewFlag[] {
  return []
}

export type ReviewFlags = typeof reviewFlags
