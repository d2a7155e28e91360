import { useQuery } from '@tanstack/react-query'
import { Check, X } from 'lucide-react'
import { useState } from 'react'
import type {
  QuestionnaireVersionSummary,
  QuestionnaireVersionView,
} from '../../../../core/schemas/questionnaires.ts'
import type { CurrentAdmin } from '../../../../core/schemas/users.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { apiRequest } from '../api.ts'
import { formatDateTime } from '../format.ts'
import { RejectDialog } from '../reject-dialog.tsx'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { QUESTIONNAIRES } from './shared.tsx'

// Four-eyes for questionnaire versions (docs/decisions/0084-questionnaire-four-eyes.md).

/** A publish's 202: the compliance review flagged the version and it waits for a second admin. */
export type QuestionnaireApprovalAnswer = {
  code: 'approval-required'
  message: string
  version: QuestionnaireVersionView
}

export const isWaiting = (row: QuestionnaireVersionSummary) =>
  row.status !== 'live' && Boolean(row.approvalRequestedAt)

/** What waits on a version: who asked, when, and the flags a second admin approves it over. */
export function ApprovalStatus({ row }: { row: QuestionnaireVersionSummary }) {
  if (!isWaiting(row)) {
    return row.approvedByEmail ? (
      <p className="mt-1 text-slate-600 text-xs">approved by {row.approvedByEmail}</p>
    ) : null
  }
  return (
    <div className="mt-1 grid gap-1">
      <Badge tone="warning">Needs approval</Badge>
      <p className="text-slate-600 text-xs">
        asked by {row.approvalRequestedByEmail ?? 'someone'}
        {row.approvalRequestedAt ? ` ${formatDateTime(row.approvalRequestedAt)}` : ''}
      </p>
      <ul className="grid list-disc gap-0.5 pl-4 text-amber-900 text-xs">
        {(row.approvalFlags ?? []).map((flag) => (
          <li key={`${flag.code}:${flag.message}`}>{flag.message}</li>
        ))}
      </ul>
    </div>
  )
}

/** Approve and reject (with a note) for an admin other than the one who asked; the server decides. */
export function ApprovalButtons({ row }: { row: QuestionnaireVersionSummary }) {
  const user = useQuery<CurrentAdmin | null>({ queryKey: ['/api/auth/user'] }).data ?? null
  const [rejecting, setRejecting] = useState(false)
  const decide = useAdminMutation({
    request: ({ action, body }: { action: 'approve' | 'reject'; body?: unknown }) =>
      apiRequest<QuestionnaireVersionView>('POST', `${QUESTIONNAIRES}/${row.id}/${action}`, body ?? {}),
    invalidate: [QUESTIONNAIRES],
    success: (result) =>
      result.status === 'live'
        ? { title: 'Approved', description: `Version ${result.version} is live.` }
        : { title: 'Rejected', description: `Version ${result.version} was not published.` },
    failure: (e) => ({ title: 'That did not work', description: serverMessage(e) ?? 'Please try again' }),
  })
  const canDecide = isWaiting(row) && user?.role === 'admin' && user.email !== row.approvalRequestedByEmail
  if (!canDecide) return null
  return (
    <>
      <Button
        size="sm"
        disabled={decide.isPending}
        aria-label={`Approve version ${row.version}`}
        onClick={() => decide.mutate({ action: 'approve' })}
      >
        <Check className="size-4" aria-hidden="true" />
        Approve
      </Button>
      <Button
        size="sm"
        variant="destructive"
        aria-label={`Reject version ${row.version}`}
        onClick={() => setRejecting(true)}
      >
        <X className="size-4" aria-hidden="true" />
        Reject
      </Button>
      <RejectDialog
        open={rejecting}
        onClose={() => setRejecting(false)}
        description={`Version ${row.version} stays unpublished. Say why, for whoever asked.`}
        pending={decide.isPending}
        onReject={(note, done) =>
          decide.mutate(
            { action: 'reject', body: { note } },
            {
              onSuccess: () => {
                setRejecting(false)
                done()
              },
            },
          )
        }
      />
    </>
  )
}
