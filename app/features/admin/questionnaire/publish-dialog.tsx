import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatPounds } from '../../../../core/money.ts'
import { EVIDENCE_NOTE_MIN } from '../../../../core/questionnaire/publish-guard.ts'
import type {
  PublishReference,
  QuestionnaireVersionSummary,
  QuestionnaireVersionView,
} from '../../../../core/schemas/questionnaires.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Textarea } from '../../../components/ui/field.tsx'
import { apiRequest } from '../api.ts'
import { useAdminMutation } from '../use-admin-mutation.ts'
import type { QuestionnaireApprovalAnswer } from './approval.tsx'
import { estimatesAbove } from './definition-edit.ts'
import { QUESTIONNAIRES, serverProblems } from './shared.tsx'

/**
 * "Publish version N": what goes live and what retires, the estimates above the reference (which
 * then need an evidence note), and the server's refusal in its own words.
 */
export function PublishDialog({
  version,
  live,
  onOpenChange,
  onPublished,
}: {
  version: QuestionnaireVersionSummary | null
  live: QuestionnaireVersionSummary | undefined
  onOpenChange: (open: boolean) => void
  onPublished: (row: QuestionnaireVersionView) => void
}) {
  return (
    <Dialog
      open={version !== null}
      onOpenChange={onOpenChange}
      title={version ? `Publish version ${version.version}` : 'Publish'}
      description={
        version
          ? `“${version.name}” goes live on the site at once${live ? ` and version ${live.version} is retired` : ''}. Visitors part-way through the old one can still send their answers for 24 hours.`
          : undefined
      }
    >
      {version ? (
        <PublishForm
          key={version.id}
          version={version}
          onCancel={() => onOpenChange(false)}
          onPublished={onPublished}
        />
      ) : null}
    </Dialog>
  )
}

function PublishForm({
  version,
  onCancel,
  onPublished,
}: {
  version: QuestionnaireVersionSummary
  onCancel: () => void
  onPublished: (row: QuestionnaireVersionView) => void
}) {
  const detail = useQuery<QuestionnaireVersionView | null>({
    queryKey: [`${QUESTIONNAIRES}/${version.id}`],
    staleTime: 0,
  })
  const reference = useQuery<PublishReference | null>({
    queryKey: [`${QUESTIONNAIRES}/publish-reference`],
    staleTime: 0,
  })
  const [note, setNote] = useState('')
  const [refusal, setRefusal] = useState<{ message: string; noteErrors: string[] } | null>(null)

  const publish = useAdminMutation({
    request: (evidenceNote: string) =>
      apiRequest<QuestionnaireVersionView | QuestionnaireApprovalAnswer>(
        'POST',
        `${QUESTIONNAIRES}/${version.id}/publish`,
        { ...(evidenceNote.trim() ? { evidenceNote } : {}) },
      ),
    invalidate: [QUESTIONNAIRES],
    success: (answer) =>
      'code' in answer
        ? {
            title: 'Needs approval',
            description: `The compliance review flagged version ${answer.version.version}: another admin must approve it before it goes live.`,
          }
        : { title: 'Published', description: `Version ${answer.version} is live.` },
    failure: () => ({ title: 'Not published', description: 'See the reasons in the dialog.' }),
  })

  const amount = reference.data?.referenceAmount
  const above = detail.data && amount !== undefined ? estimatesAbove(detail.data.definition, amount) : []
  const needsNote = above.length > 0
  const loading = detail.isLoading || reference.isLoading

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        setRefusal(null)
        publish.mutate(note, {
          onSuccess: (answer) => onPublished('code' in answer ? answer.version : answer),
          onError: (e) => {
            const body = serverProblems(e)
            setRefusal({
              message: body.message,
              noteErrors: body.problems.filter((p) => p.path === 'evidenceNote').map((p) => p.message),
            })
          },
        })
      }}
    >
      {loading ? <p className="text-slate-600 text-sm">Checking the estimates…</p> : null}
      {amount !== undefined && detail.data ? (
        needsNote ? (
          <div className="grid gap-2 rounded-lg bg-amber-50 p-3 text-amber-900 text-sm">
            <p className="font-semibold">
              {above.length === 1 ? 'One estimate is' : `${above.length} estimates are`} above the reference
              of {formatPounds(amount)}:
            </p>
            <ul className="grid list-disc gap-0.5 pl-5">
              {above.map((a) => (
                <li key={a.what}>
                  {a.what}: {formatPounds(a.amount)}
                </li>
              ))}
            </ul>
            <p>
              Publishing needs an evidence note saying why these figures are fair; it is kept with the
              version.
            </p>
          </div>
        ) : (
          <p className="rounded-lg bg-sky-50 p-3 text-sky-900 text-sm">
            Every estimate is within the reference of {formatPounds(amount)}: no evidence note is needed.
          </p>
        )
      ) : null}
      <Field
        label={needsNote ? 'Evidence note' : 'Evidence note (optional)'}
        required={needsNote}
        hint={`At least ${EVIDENCE_NOTE_MIN} characters when an estimate is above the reference: the source of the figures and why they are fair.`}
        error={refusal?.noteErrors.join(' ') || null}
      >
        {(c) => (
          <Textarea
            {...c}
            rows={4}
            aria-required={needsNote}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        )}
      </Field>
      {refusal && refusal.noteErrors.length === 0 ? <Alert>{refusal.message}</Alert> : null}
      {refusal && refusal.noteErrors.length > 0 ? (
        <p role="alert" className="sr-only">
          Not published: {refusal.message}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={publish.isPending || loading} aria-busy={publish.isPending}>
          {publish.isPending ? 'Publishing...' : `Publish version ${version.version}`}
        </Button>
      </div>
    </form>
  )
}
