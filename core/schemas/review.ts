import { z } from 'zod'
import { reviewCodes } from '../compliance-review.ts'

export const REVIEW_NOTE_MIN = 20
export const REVIEW_NOTE_MAX = 2000

/** Accepting a compliance review flag: the note is why the copy is fair as it stands. */
export const reviewAcceptSchema = z.object({
  note: z
    .string()
    .trim()
    .min(REVIEW_NOTE_MIN, `The note must be at least ${REVIEW_NOTE_MIN} characters: say why the copy is fair`)
    .max(REVIEW_NOTE_MAX, `The note must be at most ${REVIEW_NOTE_MAX} characters`),
})
export type ReviewAccept = z.infer<typeof reviewAcceptSchema>

/** A flag of the review as the API lists it, with where it is and whether it was accepted. */
export const reviewFlagViewSchema = z.object({
  id: z.string(),
  code: z.enum(reviewCodes),
  blockId: z.string(),
  field: z.string(),
  text: z.string(),
  message: z.string(),
  fix: z.string(),
  /** `page:{id}` or `questionnaire`. */
  scope: z.string(),
  pageId: z.number().int().nullable(),
  title: z.string(),
  /** Where the operator fixes it in the admin. */
  editPath: z.string(),
  status: z.enum(['open', 'accepted']),
  acceptance: z
    .object({ note: z.string(), acceptedByEmail: z.string().nullable(), acceptedAt: z.iso.datetime() })
    .nullable(),
})
export type ReviewFlagView = z.infer<typeof reviewFlagViewSchema>

/** What the builder reviews the content being edited with: the evidence items and the facts. */
export const reviewSourcesSchema = z.object({
  evidence: z.array(z.object({ id: z.string(), title: z.string(), text: z.string() })),
  facts: z.object({
    fcaAverage: z.number(),
    feePercentage: z.number(),
    feeCap: z.number(),
    firmName: z.string(),
    fcaNumber: z.string(),
  }),
  factValues: z.record(z.string(), z.string()),
  footerText: z.string(),
})
export type ReviewSources = z.infer<typeof reviewSourcesSchema>
