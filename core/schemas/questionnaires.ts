import { z } from 'zod'
import type { QuestionnaireDefinition } from '../questionnaire/definition.ts'
import { LIMITS } from '../questionnaire/definition-schema.ts'

/**
 * The bodies of the questionnaire admin API (server/leads/questionnaire/admin-router.ts). The definition
 * itself is checked by parseDefinition, which reports every problem with its path.
 */

const name = z
  .string({ error: 'The name must be text' })
  .trim()
  .min(1, 'The name is required')
  .max(LIMITS.title, `The name must be at most ${LIMITS.title} characters`)

export const questionnaireCreateSchema = z.strictObject({
  name: name.optional(),
  definition: z.unknown().refine((v) => v !== undefined, 'The definition is required'),
})

export const questionnaireUpdateSchema = z.strictObject({
  name: name.optional(),
  definition: z.unknown().optional(),
})

export const questionnairePublishSchema = z.strictObject({
  evidenceNote: z.string({ error: 'The evidence note must be text' }).optional(),
})

export type QuestionnaireStatus = 'draft' | 'live' | 'retired'

/** A version as `GET /api/admin/questionnaires` lists it (dates as ISO strings over JSON). */
export type QuestionnaireVersionSummary = {
  id: number
  version: number
  name: string
  status: QuestionnaireStatus
  createdByEmail: string | null
  createdAt: string
  updatedAt: string
  publishedByEmail: string | null
  publishedAt: string | null
  retiredAt: string | null
  evidenceNote: string | null
  referenceAmount: number | null
  /** A publish waiting for a second admin (docs/decisions/0084-questionnaire-four-eyes.md). */
  approvalRequestedById?: number | null
  approvalRequestedByEmail?: string | null
  approvalRequestedAt?: string | null
  approvalFlags?: { code: string; message: string }[] | null
  approvedByEmail?: string | null
  approvedAt?: string | null
}

export type QuestionnaireVersionView = QuestionnaireVersionSummary & { definition: QuestionnaireDefinition }

export type QuestionnaireProblem = { path: string; message: string }
export type PublishReference = { referenceAmount: number }
