import { useQuery } from '@tanstack/react-query'
import { Copy, Eye, Pencil, Rocket, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type {
  QuestionnaireVersionSummary,
  QuestionnaireVersionView,
} from '../../../../core/schemas/questionnaires.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { apiRequest } from '../api.ts'
import { formatDateTime } from '../format.ts'
import { LoadError } from '../load-error.tsx'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { useList } from '../use-list.ts'
import { ApprovalButtons, ApprovalStatus } from './approval.tsx'
import { PublishDialog } from './publish-dialog.tsx'
import { QuestionnaireEditor } from './questionnaire-editor.tsx'
import { QUESTIONNAIRES, StatusBadge } from './shared.tsx'

type Open = { id: number; mode: 'edit' | 'view' }

/**
 * The questionnaire's versions (docs/decisions/0026): one live, drafts being prepared, retired
 * ones kept for the leads that answered them. Drafts are edited, any version duplicated, a draft
 * or retired version published (which retires the live one).
 */
export function QuestionnairePanel() {
  const { rows, error, isLoading } = useList<QuestionnaireVersionSummary>(QUESTIONNAIRES)
  const [open, setOpen] = useState<Open | null>(null)
  const [publishing, setPublishing] = useState<QuestionnaireVersionSummary | null>(null)
  const [doomed, setDoomed] = useState<QuestionnaireVersionSummary | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const returning = useRef(false)
  const live = rows.find((r) => r.status === 'live')

  // Focus returns to the list when the editor closes.
  useEffect(() => {
    if (open === null && returning.current) headingRef.current?.focus()
    returning.current = false
  }, [open])
  const close = () => {
    returning.current = true
    setOpen(null)
  }

  const duplicate = useAdminMutation({
    request: (row: QuestionnaireVersionSummary) =>
      apiRequest<QuestionnaireVersionView>('POST', `${QUESTIONNAIRES}/${row.id}/duplicate`, {}),
    invalidate: [QUESTIONNAIRES],
    success: (created, from) => ({
      title: 'Draft created',
      description: `Version ${created.version} is a copy of version ${from.version}.`,
    }),
    failure: (e) => ({
      title: 'Error',
      description: serverMessage(e) ?? 'The version could not be duplicated.',
    }),
  })
  const remove = useAdminMutation({
    request: (row: QuestionnaireVersionSummary) => apiRequest('DELETE', `${QUESTIONNAIRES}/${row.id}`),
    invalidate: [QUESTIONNAIRES],
    success: (_r, row) => ({ title: 'Draft deleted', description: `Version ${row.version} is deleted.` }),
    failure: (e) => ({ title: 'Error', description: serverMessage(e) ?? 'The draft could not be deleted.' }),
  })

  const published = () => {
    setPublishing(null)
    if (open) close()
    else headingRef.current?.focus()
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      {open ? (
        <OpenVersion open={open} onClose={close} onPublish={(row) => setPublishing(row)} />
      ) : (
        <>
          <div>
            <h2 ref={headingRef} tabIndex={-1} className="font-semibold text-lg text-navy-900">
              Questionnaire
            </h2>
            <p className="text-slate-600 text-sm">
              The questions, eligibility rule and estimates visitors see. One version is live; a published
              version never changes, so duplicate any version to start a draft.
            </p>
          </div>
          <LoadError error={error} />
          <DataTable
            caption="Questionnaire versions"
            head={['Version', 'Name', 'Status', 'Published', 'Actions']}
            empty={isLoading ? 'Loading…' : rows.length ? null : 'No versions yet'}
          >
            {rows.map((row) => (
              <tr key={row.id}>
                <Cell className="font-semibold text-slate-900">{row.version}</Cell>
                <Cell className="font-medium text-slate-900">{row.name}</Cell>
                <Cell>
                  <StatusBadge status={row.status} />
                  <ApprovalStatus row={row} />
                </Cell>
                <Cell className="text-xs">
                  {row.publishedAt ? (
                    <>
                      {formatDateTime(row.publishedAt)}
                      <br />
                      {row.publishedByEmail ? `by ${row.publishedByEmail}` : 'at installation'}
                      {row.retiredAt ? (
                        <>
                          <br />
                          retired {formatDateTime(row.retiredAt)}
                        </>
                      ) : null}
                    </>
                  ) : (
                    <>
                      Not yet
                      <br />
                      {row.createdByEmail ? `created by ${row.createdByEmail}` : 'shipped with the product'}
                    </>
                  )}
                </Cell>
                <Cell>
                  <div className="flex flex-wrap gap-2">
                    {row.status === 'draft' ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Edit version ${row.version}`}
                        onClick={() => setOpen({ id: row.id, mode: 'edit' })}
                      >
                        <Pencil className="size-4" aria-hidden="true" />
                        Edit
                      </Button>
                    ) : (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`View version ${row.version}`}
                        onClick={() => setOpen({ id: row.id, mode: 'view' })}
                      >
                        <Eye className="size-4" aria-hidden="true" />
                        View
                      </Button>
                    )}
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Duplicate version ${row.version}`}
                      disabled={duplicate.isPending}
                      onClick={() =>
                        duplicate.mutate(row, {
                          onSuccess: (created) => setOpen({ id: created.id, mode: 'edit' }),
                        })
                      }
                    >
                      <Copy className="size-4" aria-hidden="true" />
                      Duplicate
                    </Button>
                    {row.status !== 'live' ? (
                      <Button
                        size="sm"
                        aria-label={`Publish version ${row.version}`}
                        onClick={() => setPublishing(row)}
                      >
                        <Rocket className="size-4" aria-hidden="true" />
                        Publish
                      </Button>
                    ) : null}
                    <ApprovalButtons row={row} />
                    {row.status === 'draft' ? (
                      <Button
                        variant="destructive"
                        size="sm"
                        aria-label={`Delete version ${row.version}`}
                        onClick={() => setDoomed(row)}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                        Delete
                      </Button>
                    ) : null}
                  </div>
                </Cell>
              </tr>
            ))}
          </DataTable>
        </>
      )}

      <PublishDialog
        version={publishing}
        live={live}
        onOpenChange={(o) => !o && setPublishing(null)}
        onPublished={published}
      />
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(o) => !o && setDoomed(null)}
        title="Delete this draft?"
        description={doomed ? `Version ${doomed.version} “${doomed.name}” will be deleted for good.` : ''}
        confirmLabel="Delete draft"
        pending={remove.isPending}
        onConfirm={() => {
          if (!doomed) return
          remove.mutate(doomed, {
            onSettled: () => {
              setDoomed(null)
              headingRef.current?.focus()
            },
          })
        }}
      />
    </div>
  )
}

function OpenVersion({
  open,
  onClose,
  onPublish,
}: {
  open: Open
  onClose: () => void
  onPublish: (row: QuestionnaireVersionSummary) => void
}) {
  const { data, error, isLoading } = useQuery<QuestionnaireVersionView | null>({
    queryKey: [`${QUESTIONNAIRES}/${open.id}`],
    staleTime: 0,
  })
  if (isLoading) return <p className="text-slate-600">Loading…</p>
  if (!data) return <LoadError error={error ?? new Error('Not found')} />
  return (
    <QuestionnaireEditor key={data.id} version={data} onClose={onClose} onPublish={() => onPublish(data)} />
  )
}
