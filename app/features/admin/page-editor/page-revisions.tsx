import { useQuery } from '@tanstack/react-query'
import { ExternalLink, Eye, RotateCcw } from 'lucide-react'
import { useState } from 'react'
import type { PageContent } from '../../../../core/page-content.ts'
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

type RevisionItem = { id: number; title: string; slug: string; actorEmail: string | null; createdAt: string }
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

  const restore = useAdminMutation({
    request: (id: number) => apiRequest<PageRecord>('POST', `${url}/${id}/restore`),
    invalidate: ['/api/admin/pages'],
    success: () => ({
      title: 'Revision restored',
      description: 'The page now has the content of that version',
    }),
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
            <Cell>{r.actorEmail ?? 'Unknown'}</Cell>
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
                  disabled={restore.isPending}
                  aria-label={`Restore revision of ${formatDateTime(r.createdAt)}`}
                  onClick={() => restore.mutate(r.id, { onSuccess: onRestored })}
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
                    onRestored(saved)
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
