import type { Problem } from '../../../../core/questionnaire/definition-schema.ts'
import type { QuestionnaireStatus } from '../../../../core/schemas/questionnaires.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { ApiError } from '../api.ts'

export const QUESTIONNAIRES = '/api/admin/questionnaires'

const badges = {
  live: { tone: 'positive', text: 'Live' },
  draft: { tone: 'warning', text: 'Draft' },
  retired: { tone: 'neutral', text: 'Retired' },
} as const

export function StatusBadge({ status }: { status: QuestionnaireStatus }) {
  const { tone, text } = badges[status]
  return <Badge tone={tone}>{text}</Badge>
}

/** A failed call's message and, for a refused definition or publish, its problems with their paths. */
export function serverProblems(error: unknown): { message: string; problems: Problem[] } {
  if (!(error instanceof ApiError))
    return { message: 'Something went wrong. Please try again.', problems: [] }
  const text = error.message.replace(/^\d{3}: /, '')
  try {
    const body = JSON.parse(text) as { message?: unknown; problems?: unknown }
    const problems = Array.isArray(body.problems)
      ? body.problems.filter(
          (p): p is Problem => typeof p?.path === 'string' && typeof p?.message === 'string',
        )
      : []
    return { message: typeof body.message === 'string' ? body.message : text, problems }
  } catch {
    return { message: text || 'Something went wrong. Please try again.', problems: [] }
  }
}
