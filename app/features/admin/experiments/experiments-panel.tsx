import { ExternalLink, FlaskConical } from 'lucide-react'
import { useState } from 'react'
import { type ExperimentRecord, goalLabels } from '../../../../core/schemas/experiments.ts'
import type { QuestionnaireVersionSummary } from '../../../../core/schemas/questionnaires.ts'
import type { CurrentAdmin } from '../../../../core/schemas/users.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { ApiError, apiRequest } from '../api.ts'
import { LoadError } from '../load-error.tsx'
import { openPreview } from '../preview-link.ts'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { useList } from '../use-list.ts'
import { ExperimentDialog } from './experiment-dialog.tsx'
import { ExperimentResultsView } from './experiment-results.tsx'

export const EXPERIMENTS = '/api/admin/experiments'

const tones = { draft: 'neutral', running: 'positive', stopped: 'warning', promoted: 'neutral' } as const

type Action = { id: number; action: 'stop' | 'promote'; body?: unknown }
/** A start the server held back: the variants that could never convert (ADR 0065). */
type Held = { unconvertible: string[] }

/** The names in a 409 that asks for `confirm`, or null for any other failure. */
function unconvertibleIn(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  try {
    const body = JSON.parse(error.message.replace(/^409: /, '')) as { unconvertible?: unknown }
    return Array.isArray(body.unconvertible) ? body.unconvertible.map(String) : null
  } catch {
    return null
  }
}

/** A/B experiments on public pages: make, start, stop, read the results, promote the winner. */
export function ExperimentsPanel({ me }: { me: CurrentAdmin }) {
  const list = useList<ExperimentRecord>(EXPERIMENTS)
  const questionnaires = useList<QuestionnaireVersionSummary>(
    '/api/admin/questionnaires',
    me.permissions.includes('questionnaire'),
  )
  const [dialog, setDialog] = useState<{ editing: ExperimentRecord | null } | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [doomed, setDoomed] = useState<ExperimentRecord | null>(null)
  const [open, setOpen] = useState<number | null>(null)
  const [held, setHeld] = useState<{ row: ExperimentRecord; names: string[] } | null>(null)

  const save = useAdminMutation<{ id?: number; body: unknown }, ExperimentRecord>({
    request: ({ id, body }) =>
      apiRequest(id ? 'PUT' : 'POST', id ? `${EXPERIMENTS}/${id}` : EXPERIMENTS, body),
    invalidate: [EXPERIMENTS],
    success: (row, { id }) => ({
      title: id ? 'Experiment saved' : 'Experiment created',
      description: row.name,
    }),
    failure: (error) => ({ title: 'Could not save the experiment', description: serverMessage(error) }),
  })
  const act = useAdminMutation<Action, ExperimentRecord>({
    request: ({ id, action, body }) => apiRequest('POST', `${EXPERIMENTS}/${id}/${action}`, body ?? {}),
    invalidate: [EXPERIMENTS],
    success: (row, { action }) => ({
      title: { stop: 'Experiment stopped', promote: 'Variant promoted' }[action],
      description:
        action !== 'promote'
          ? row.name
          : (row as { publicationId?: number | null }).publicationId
            ? `${row.winner} awaits a second admin’s approval in the approvals list`
            : `${row.winner} is now the page`,
    }),
    failure: (error) => ({ title: 'Could not change the experiment', description: serverMessage(error) }),
  })
  const start = useAdminMutation<{ row: ExperimentRecord; confirm?: boolean }, ExperimentRecord | Held>({
    request: async ({ row, confirm }) => {
      try {
        return await apiRequest<ExperimentRecord>('POST', `${EXPERIMENTS}/${row.id}/start`, { confirm })
      } catch (error) {
        const unconvertible = unconvertibleIn(error)
        if (unconvertible) return { unconvertible }
        throw error
      }
    },
    invalidate: [EXPERIMENTS],
    success: (result, { row }) => {
      if ('unconvertible' in result) {
        setHeld({ row, names: result.unconvertible })
        return null
      }
      setHeld(null)
      return { title: 'Experiment started', description: result.name }
    },
    failure: (error) => ({ title: 'Could not change the experiment', description: serverMessage(error) }),
  })
  const remove = useAdminMutation<number, unknown>({
    request: (id) => apiRequest('DELETE', `${EXPERIMENTS}/${id}`),
    invalidate: [EXPERIMENTS],
    success: () => ({ title: 'Experiment deleted' }),
    failure: (error) => ({ title: 'Could not delete the experiment', description: serverMessage(error) }),
  })

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-bold text-navy-900 text-xl">Experiments</h2>
          <p className="max-w-3xl text-slate-600 text-sm">
            Show visitors different versions of a page and see which brings more leads, eligible results or
            sold leads. Each visitor sees one variant all day, chosen on the server: no cookie, nothing stored
            on their device.
          </p>
        </div>
        <Button
          onClick={() => {
            setFormError(null)
            setDialog({ editing: null })
          }}
        >
          <FlaskConical className="size-4" aria-hidden="true" />
          New Experiment
        </Button>
      </div>
      <LoadError error={list.error} />
      <DataTable
        caption="Experiments"
        head={['Name', 'Page', 'Goal', 'Status', 'Variants', 'Actions']}
        empty={list.isLoading ? 'Loading...' : list.rows.length === 0 ? 'No experiments yet' : null}
      >
        {list.rows.map((x) => (
          <tr key={x.id}>
            <Cell className="font-medium text-slate-900">{x.name}</Cell>
            <Cell className="font-mono text-xs">{x.path}</Cell>
            <Cell>{goalLabels[x.goal]}</Cell>
            <Cell>
              <Badge tone={tones[x.status]}>{x.winner ? `${x.status}: ${x.winner}` : x.status}</Badge>
            </Cell>
            <Cell>
              <div className="grid gap-1">
                <span>{x.variants.map((v) => `${v.name} (${v.weight})`).join(', ')}</span>
                {x.path === '/' ? null : (
                  <div className="flex flex-wrap gap-1">
                    {x.variants.map((v) => (
                      <Button
                        key={v.name}
                        size="sm"
                        variant="ghost"
                        aria-label={`Preview variant ${v.name} of ${x.name}`}
                        onClick={() =>
                          void openPreview(
                            `${EXPERIMENTS}/${x.id}/variants/${encodeURIComponent(v.name)}/preview-links`,
                          )
                        }
                      >
                        <ExternalLink className="size-4" aria-hidden="true" />
                        {v.name}
                      </Button>
                    ))}
                  </div>
                )}
              </div>
            </Cell>
            <Cell>
              <div className="flex flex-wrap gap-2">
                {x.status === 'draft' ? (
                  <>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setDialog({ editing: x })}
                      aria-label={`Edit ${x.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      disabled={start.isPending}
                      onClick={() => start.mutate({ row: x })}
                      aria-label={`Start ${x.name}`}
                    >
                      Start
                    </Button>
                  </>
                ) : null}
                {x.status === 'running' ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => act.mutate({ id: x.id, action: 'stop' })}
                    aria-label={`Stop ${x.name}`}
                  >
                    Stop
                  </Button>
                ) : null}
                {x.status !== 'draft' ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-expanded={open === x.id}
                    aria-controls={`experiment-results-${x.id}`}
                    onClick={() => setOpen(open === x.id ? null : x.id)}
                  >
                    {open === x.id ? 'Hide results' : 'Results'}
                  </Button>
                ) : null}
                {x.status !== 'running' ? (
                  <Button
                    size="sm"
                    variant="destructive"
                    onClick={() => setDoomed(x)}
                    aria-label={`Delete ${x.name}`}
                  >
                    Delete
                  </Button>
                ) : null}
              </div>
            </Cell>
          </tr>
        ))}
      </DataTable>

      {list.rows
        .filter((x) => x.id === open)
        .map((x) => (
          <section
            key={x.id}
            id={`experiment-results-${x.id}`}
            aria-labelledby={`experiment-results-title-${x.id}`}
          >
            <h3 id={`experiment-results-title-${x.id}`} className="mb-2 font-semibold text-navy-900">
              {`Results: ${x.name}`}
            </h3>
            <ExperimentResultsView
              experiment={x}
              canPromote={x.status === 'running' || x.status === 'stopped'}
              pending={act.isPending}
              onPromote={(variant, force) =>
                act.mutate({ id: x.id, action: 'promote', body: { variant, force } })
              }
            />
          </section>
        ))}

      {dialog ? (
        <ExperimentDialog
          open
          editing={dialog.editing}
          questionnaires={questionnaires.isSuccess ? questionnaires.rows : null}
          pending={save.isPending}
          error={formError}
          onOpenChange={(o) => !o && setDialog(null)}
          onSubmit={(body) =>
            save.mutate(
              { id: dialog.editing?.id, body },
              {
                onSuccess: () => setDialog(null),
                onError: (error) => setFormError(serverMessage(error) ?? 'Could not save the experiment'),
              },
            )
          }
        />
      ) : null}
      <Dialog
        open={held !== null}
        onOpenChange={(o) => !o && setHeld(null)}
        role="alertdialog"
        title={`Start ${held?.row.name ?? 'experiment'} anyway?`}
        description={
          held
            ? `Variant ${held.names.join(', ')} has no questionnaire or lead form: visitors shown it can never become leads.`
            : ''
        }
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setHeld(null)}>
            Cancel
          </Button>
          <Button
            disabled={start.isPending}
            aria-busy={start.isPending}
            onClick={() => held && start.mutate({ row: held.row, confirm: true })}
          >
            Start anyway
          </Button>
        </div>
      </Dialog>
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(o) => !o && setDoomed(null)}
        title={`Delete ${doomed?.name ?? 'experiment'}?`}
        description="The experiment and the visitors it counted are deleted. Leads keep the variant they converted on."
        confirmLabel="Delete Experiment"
        pending={remove.isPending}
        onConfirm={() => doomed && remove.mutate(doomed.id, { onSettled: () => setDoomed(null) })}
      />
    </div>
  )
}
