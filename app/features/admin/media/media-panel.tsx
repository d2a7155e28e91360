import { useDeferredValue, useState } from 'react'
import type { MediaCleanupResult } from '../../../../core/schemas/media.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { apiRequest } from '../api.ts'
import { LoadError } from '../load-error.tsx'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { useList } from '../use-list.ts'
import { formatBytes, MEDIA_URL, type MediaItem, mediaListUrl } from './media-api.ts'
import { MediaCard } from './media-card.tsx'
import { DropZone, UploadList, useUploads } from './upload-queue.tsx'

/** The Media tab: every uploaded image, uploads by drag and drop, and clean-up of unused ones. */
export function MediaPanel() {
  const [q, setQ] = useState('')
  const [unusedOnly, setUnusedOnly] = useState(false)
  const search = useDeferredValue(q)
  const { rows, error, isLoading } = useList<MediaItem>(mediaListUrl(search, unusedOnly))
  const unused = useList<MediaItem>(mediaListUrl('', true))
  const { uploads, add, clearFinished } = useUploads()
  const [confirming, setConfirming] = useState(false)
  const unusedBytes = unused.rows.reduce((sum, m) => sum + m.bytes, 0)

  const cleanup = useAdminMutation({
    request: () => apiRequest<MediaCleanupResult>('POST', `${MEDIA_URL}/cleanup`, {}),
    invalidate: [MEDIA_URL],
    success: (result) => ({
      title: 'Unused images cleaned up',
      description: `${result.deleted} ${result.deleted === 1 ? 'image' : 'images'} deleted, ${formatBytes(result.bytes)} freed`,
    }),
    failure: (e) => ({ title: 'Error cleaning up', description: serverMessage(e) ?? 'Failed to clean up' }),
  })

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="font-semibold text-lg text-navy-900">Media</h2>
          <p className="text-slate-600 text-sm">Every uploaded image, where it is used, and its alt text.</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={unused.rows.length === 0}
          onClick={() => setConfirming(true)}
        >
          Clean up unused
          {unused.rows.length > 0 ? ` (${unused.rows.length})` : ''}
        </Button>
      </div>
      <div className="mb-6 grid gap-3">
        <DropZone onFiles={add} />
        <UploadList uploads={uploads} onClear={clearFinished} />
      </div>
      <search className="mb-4 flex flex-wrap items-end gap-4">
        <Field label="Search images" className="min-w-0 flex-1 basis-56">
          {(control) => (
            <Input
              {...control}
              type="search"
              value={q}
              placeholder="File name or alt text"
              onChange={(event) => setQ(event.target.value)}
            />
          )}
        </Field>
        <label className="flex min-h-10 items-center gap-2 text-slate-800 text-sm">
          <input
            type="checkbox"
            checked={unusedOnly}
            onChange={(event) => setUnusedOnly(event.target.checked)}
            className="size-4 accent-teal-700"
          />
          Only unused images
        </label>
      </search>
      <LoadError error={error} />
      <p role="status" className="mb-3 text-slate-600 text-sm">
        {isLoading
          ? 'Loading…'
          : rows.length === 0
            ? q.trim() || unusedOnly
              ? 'No images match'
              : 'No images yet: drop some above'
            : `${rows.length} ${rows.length === 1 ? 'image' : 'images'}`}
      </p>
      <ul aria-label="Images" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {rows.map((item) => (
          <MediaCard key={`${item.id}:${item.alt}`} item={item} />
        ))}
      </ul>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Clean up unused images?"
        description={`${unused.rows.length} unused ${unused.rows.length === 1 ? 'image' : 'images'} (${formatBytes(unusedBytes)}) will be deleted with all their sizes. This cannot be undone.`}
        confirmLabel={`Delete ${unused.rows.length} unused`}
        pending={cleanup.isPending}
        onConfirm={() => cleanup.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </>
  )
}
