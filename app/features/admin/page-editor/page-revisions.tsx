import { useQuery } from '@tanstack/react-query'
import { ExternalLink, Eye, GitCompare, RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { type PageContent, widgetLabels } from '../../../../core/page-content.ts'
import type { PageDiff } from '../../../../core/page-diff.ts'
import type { PageRecord } from '../../../../core/schemas/pages.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { apiRequest, asList } from '../api.ts'
import { formatDateTime } from '../format.ts'
import { openPreview } from '../preview-link.ts'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { PagePreview } from './page-preview.tsx'
import { type ApprovalAnswer, approvalToast, isApprovalAnswer, PUBLICATIONS } from './page-publishing.tsx'

type RevisionItem = {
  id: number
  title: string
  slug: string
  actorEmail: string | null
  createdAt: string
  approval: { approvedByEmail: string | null; flags: { code: string; message: string }[] } | null
}
type Revision = RevisionItem & { content: PageContent }

/** Earlier versions of the page (one per save): who saved over it and when; preview; restore. */
export function PageRevisions({
  page,
  onRestored,
}: {
  page: PageRecord
  onRestored: (page: PageRecord) => void
}) {
  const url = `/api/admin/pages/${page.id}/revisions`
  const list = useQuery({ queryKey: [url] })
  const rows = asList<RevisionItem>(list.data)
  const [shown, setShown] = useState<RevisionItem | null>(null)
  const revision = useQuery<Revision>({ queryKey: [`${url}/${shown?.id}`], enabled: shown !== null })
  const [compared, setCompared] = useState<RevisionItem | null>(null)
  const diff = useQuery<PageDiff>({ queryKey: [`${url}/${compared?.id}/diff`], enabled: compared !== null })

  const restore = useAdminMutation({
    request: (id: number) => apiRequest<PageRecord | ApprovalAnswer>('POST', `${url}/${id}/restore`),
    invalidate: ['/api/admin/pages', PUBLICATIONS],
    success: (result) =>
      isApprovalAnswer(result)
        ? approvalToast
        : { title: 'Revision restored', description: 'The page now has the content of that version' },
    failure: (e) => ({
      title: 'Error restoring revision',
      description: serverMessage(e) ?? 'Failed to restore revision',
    }),
  })

  return (
    <Card title="Revisions" description="Each save keeps the version it replaced.">
      <DataTable
        caption="Revisions"
        head={['Saved over', 'Title', 'By', 'Actions']}
        empty={list.isLoading ? 'Loading…' : rows.length ? null : 'No earlier versions yet'}
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <Cell>{formatDateTime(r.createdAt)}</Cell>
            <Cell>{r.title}</Cell>
            <Cell>
              {r.actorEmail ?? 'Unknown'}
              {r.approval?.approvedByEmail ? (
                <span className="block text-slate-600 text-xs">Approved by {r.approval.approvedByEmail}</span>
              ) : null}
            </Cell>
            <Cell>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setShown(r)}
                  aria-label={`Preview revision of ${formatDateTime(r.createdAt)}`}
                >
                  <Eye className="size-4" aria-hidden="true" />
                  Preview
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setCompared(r)}
                  aria-label={`Changes since the revision of ${formatDateTime(r.createdAt)}`}
                >
                  <GitCompare className="size-4" aria-hidden="true" />
                  Changes
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={restore.isPending}
                  aria-label={`Restore revision of ${formatDateTime(r.createdAt)}`}
                  onClick={() =>
                    restore.mutate(r.id, {
                      onSuccess: (saved) => isApprovalAnswer(saved) || onRestored(saved),
                    })
                  }
                >
                  <RotateCcw className="size-4" aria-hidden="true" />
                  Restore
                </Button>
              </div>
            </Cell>
          </tr>
        ))}
      </DataTable>
      <Dialog
        open={compared !== null}
        onOpenChange={(open) => !open && setCompared(null)}
        title="Changes since this revision"
        description={
          compared
            ? `From the version saved over on ${formatDateTime(compared.createdAt)} to the page now`
            : ''
        }
        className="max-w-3xl"
      >
        {diff.data ? <DiffView diff={diff.data} /> : <p role="status">Loading changes...</p>}
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={() => setCompared(null)}>
            Close
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={shown !== null}
        onOpenChange={(open) => !open && setShown(null)}
        title="Revision preview"
        description={
          shown ? `Saved over on ${formatDateTime(shown.createdAt)} by ${shown.actorEmail ?? 'unknown'}` : ''
        }
        className="max-w-3xl"
      >
        {revision.data ? (
          <PagePreview title={revision.data.title} content={revision.data.content} />
        ) : (
          <p role="status">Loading revision...</p>
        )}
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setShown(null)}>
            Close
          </Button>
          {shown ? (
            <Button
              variant="secondary"
              onClick={() =>
                void openPreview(`/api/admin/pages/${page.id}/preview-links`, { revisionId: shown.id })
              }
            >
              <ExternalLink className="size-4" aria-hidden="true" />
              Open in new tab
            </Button>
          ) : null}
          {shown ? (
            <Button
              disabled={restore.isPending}
              onClick={() =>
                restore.mutate(shown.id, {
                  onSuccess: (saved) => {
                    setShown(null)
                    if (!isApprovalAnswer(saved)) onRestored(saved)
                  },
                })
              }
            >
              <RotateCcw className="size-4" aria-hidden="true" />
              Restore this version
            </Button>
          ) : null}
        </div>
      </Dialog>
    </Card>
  )
}

const changeWords = { added: 'Added', removed: 'Removed', changed: 'Changed', same: 'Unchanged' } as const
const changeClasses = {
  added: 'border-teal-600 bg-teal-50',
  removed: 'border-red-600 bg-red-50',
  changed: 'border-amber-600 bg-amber-50',
  same: 'border-slate-200',
} as const

/** A revision's diff in words: fields, then blocks or lines, each marked by word as well as colour. */
function DiffView({ diff }: { diff: PageDiff }) {
  const nothing =
    diff.fields.length === 0 && !diff.blocks?.length && !diff.lines?.some((l) => l.change !== 'same')
  if (nothing) return <p>No differences: the page is as this revision was.</p>
  return (
    <div className="grid gap-4 text-sm" data-testid="revision-diff">
      {diff.fields.length ? (
        <section aria-label="Fields">
          <h3 className="font-semibold text-navy-900">Fields</h3>
          <dl className="mt-2 grid gap-2">
            {diff.fields.map((f) => (
              <div key={f.field} className="rounded border border-slate-200 p-2">
                <dt className="font-medium">{f.label}</dt>
                <dd className="break-words">
                  <span className="text-red-800 line-through">{f.before ?? '(empty)'}</span> →{' '}
                  <span className="text-teal-900">{f.after ?? '(empty)'}</span>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {diff.blocks ? (
        <section aria-label="Blocks">
          <h3 className="font-semibold text-navy-900">Blocks</h3>
          {diff.blocks.length ? (
            <ul className="mt-2 grid gap-2">
              {diff.blocks.map((b) => (
                <li
                  key={`${b.change}-${b.id}`}
                  className={`break-words rounded border-l-4 p-2 ${changeClasses[b.change]}`}
                >
                  <strong>
                    {changeWords[b.change]} {widgetLabels[b.type as keyof typeof widgetLabels] ?? b.type}
                  </strong>
                  {b.before !== null && b.change !== 'added' ? <p>Was: {b.before || '(no text)'}</p> : null}
                  {b.after !== null && b.change !== 'removed' ? <p>Now: {b.after || '(no text)'}</p> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p>No block changed.</p>
          )}
        </section>
      ) : null}
      {diff.lines ? (
        <section aria-label="Text">
          <h3 className="font-semibold text-navy-900">Text</h3>
          <ul className="mt-2 grid gap-1">
            {diff.lines.map((l, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed for one diff
                key={index}
                className={`break-words rounded border-l-4 px-2 py-1 ${changeClasses[l.change]}`}
              >
                {l.change === 'same' ? null : <span className="sr-only">{changeWords[l.change]}: </span>}
                <span aria-hidden="true">
                  {l.change === 'added' ? '+ ' : l.change === 'removed' ? '− ' : '  '}
                </span>
                {l.text}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
