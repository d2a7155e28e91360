import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { PageListItem } from '../../../../core/schemas/pages.ts'
import { StateBadge } from '../../../components/ui/badge.tsx'
import { Button, buttonClasses } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Switch } from '../../../components/ui/switch.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { apiRequest } from '../api.ts'
import { LoadError } from '../load-error.tsx'
import {
  ApprovalsList,
  approvalToast,
  isApprovalAnswer,
  PUBLICATIONS,
} from '../page-editor/page-publishing.tsx'
import { openPreview } from '../preview-link.ts'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { useList } from '../use-list.ts'
import { NewPageFromTemplate } from './page-templates-dialog.tsx'

const PAGES = '/api/admin/pages'

export function PagesPanel() {
  const { rows, error, isLoading } = useList<PageListItem>(PAGES)
  const [doomed, setDoomed] = useState<PageListItem | null>(null)

  const publish = useAdminMutation({
    request: ({ id, isPublished }: { id: number; isPublished: boolean }) =>
      apiRequest('PUT', `${PAGES}/${id}`, { isPublished }),
    invalidate: [PAGES, PUBLICATIONS],
    success: (result) =>
      isApprovalAnswer(result)
        ? approvalToast
        : { title: 'Page updated successfully', description: 'Your changes have been saved' },
    failure: (e) => ({
      title: 'Error updating page',
      description: serverMessage(e) ?? 'Failed to update page',
    }),
  })
  const remove = useAdminMutation({
    request: (id: number) => apiRequest('DELETE', `${PAGES}/${id}`),
    invalidate: [PAGES],
    success: () => ({ title: 'Page deleted successfully' }),
    failure: (e) => ({
      title: 'Error deleting page',
      description: serverMessage(e) ?? 'Failed to delete page',
    }),
  })

  return (
    <>
      <ApprovalsList />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-semibold text-lg text-navy-900">Pages</h2>
        <div className="flex flex-wrap gap-2">
          <NewPageFromTemplate />
          <Link to="/admin/pages/create" className={buttonClasses('primary', 'sm')}>
            <Plus className="size-4" aria-hidden="true" />
            Create Page
          </Link>
        </div>
      </div>
      <LoadError error={error} />
      <DataTable
        caption="Pages"
        head={['Title', 'Slug', 'Description', 'Status', 'Published', 'Actions']}
        empty={isLoading ? 'Loading…' : rows.length ? null : 'No pages yet'}
      >
        {rows.map((p) => (
          <tr key={p.id}>
            <Cell className="font-medium text-slate-900">
              {p.title}
              {p.isSystem ? <span className="ml-2 text-slate-500 text-xs">System Page</span> : null}
            </Cell>
            <Cell>/{p.slug}</Cell>
            <Cell className="max-w-md truncate">{p.metaDescription}</Cell>
            <Cell>
              <StateBadge on={p.isPublished} yes="Published" no="Draft" />
            </Cell>
            <Cell>
              <Switch
                checked={p.isPublished}
                aria-label={`Published: ${p.title}`}
                disabled={publish.isPending}
                onCheckedChange={(isPublished) => publish.mutate({ id: p.id, isPublished })}
              />
            </Cell>
            <Cell>
              <div className="flex gap-2">
                <Link
                  to={`/admin/pages/edit/${p.id}`}
                  className={buttonClasses('secondary', 'sm')}
                  aria-label={`Edit ${p.title}`}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                  Edit
                </Link>
                {p.isSystem ? null : (
                  <Button
                    variant="destructive"
                    size="sm"
                    aria-label={`Delete ${p.title}`}
                    onClick={() => setDoomed(p)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    Delete
                  </Button>
                )}
                {p.isSystem ? (
                  <a
                    href={p.slug === 'home' ? '/' : `/${p.slug}`}
                    target="_blank"
                    rel="noopener"
                    className={buttonClasses('secondary', 'sm')}
                    aria-label={`View ${p.title}`}
                  >
                    <ExternalLink className="size-4" aria-hidden="true" />
                    View
                  </a>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Preview ${p.title}`}
                    onClick={() => void openPreview(`${PAGES}/${p.id}/preview-links`)}
                  >
                    <ExternalLink className="size-4" aria-hidden="true" />
                    Preview
                  </Button>
                )}
              </div>
            </Cell>
          </tr>
        ))}
      </DataTable>
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => !open && setDoomed(null)}
        title="Delete page?"
        description={doomed ? `"${doomed.title}" (/${doomed.slug}) will be removed from the site.` : ''}
        confirmLabel="Delete page"
        pending={remove.isPending}
        onConfirm={() => {
          if (!doomed) return
          remove.mutate(doomed.id, { onSettled: () => setDoomed(null) })
        }}
      />
    </>
  )
}
