import { Trash2 } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { Link } from 'react-router'
import { mediaUpdateSchema } from '../../../../core/schemas/media.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { apiRequest } from '../api.ts'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { formatBytes, MEDIA_URL, type MediaItem, previewUrl } from './media-api.ts'

/** One image of the library: its preview, sizes, alt text (edited in place), uses and delete. */
export function MediaCard({ item }: { item: MediaItem }) {
  const headingId = useId()
  const usedId = useId()
  const [alt, setAlt] = useState(item.alt)
  const [altError, setAltError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const inUse = item.usedIn.length > 0 || item.usedInSettings.length > 0 || item.keptIn.length > 0
  const preview = item.renditions[0] ?? item

  const save = useAdminMutation({
    request: (value: string) => apiRequest<MediaItem>('PUT', `${MEDIA_URL}/${item.id}`, { alt: value }),
    invalidate: [MEDIA_URL],
    success: () => ({ title: 'Alt text saved' }),
    failure: (e) => ({ title: 'Error saving alt text', description: serverMessage(e) ?? 'Failed to save' }),
  })
  const remove = useAdminMutation({
    request: () => apiRequest('DELETE', `${MEDIA_URL}/${item.id}`),
    invalidate: [MEDIA_URL],
    success: () => ({ title: 'Image deleted' }),
    failure: (e) => ({ title: 'Error deleting image', description: serverMessage(e) ?? 'Failed to delete' }),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = mediaUpdateSchema.safeParse({ alt })
    if (!parsed.success) {
      setAltError(parsed.error.issues[0]?.message ?? 'Invalid alt text')
      return
    }
    setAltError(null)
    save.mutate(parsed.data.alt)
  }

  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <article aria-labelledby={headingId} className="flex flex-1 flex-col">
        <div className="flex aspect-video items-center justify-center bg-slate-100">
          <img
            src={previewUrl(item)}
            width={preview.width}
            height={preview.height}
            alt={item.alt}
            loading="lazy"
            decoding="async"
            className="max-h-full max-w-full object-contain"
          />
        </div>
        <div className="flex flex-1 flex-col gap-3 p-4">
          <div>
            <h3 id={headingId} className="break-all font-semibold text-navy-900">
              {item.fileName}
            </h3>
            <p className="text-slate-600 text-sm">
              {item.width} × {item.height} px · {formatBytes(item.bytes)} · {item.renditions.length}{' '}
              {item.renditions.length === 1 ? 'size' : 'sizes'}
            </p>
          </div>
          <form onSubmit={submit} className="grid gap-2" noValidate>
            <Field label="Alt text" error={altError} hint="Empty only for a decorative image.">
              {(control) => (
                <Input
                  {...control}
                  value={alt}
                  onChange={(event) => {
                    setAlt(event.target.value)
                    setAltError(null)
                  }}
                />
              )}
            </Field>
            <div>
              <Button
                type="submit"
                size="sm"
                variant="secondary"
                disabled={save.isPending || alt === item.alt}
                aria-busy={save.isPending}
              >
                Save alt text
                <span className="sr-only"> for {item.fileName}</span>
              </Button>
            </div>
          </form>
          <div id={usedId} className="text-sm">
            {inUse ? (
              <>
                <p className="font-medium text-slate-800">Used on</p>
                <ul className="mt-1 grid gap-1">
                  {item.usedIn.map((use) => (
                    <li key={use.pageId}>
                      <Link
                        to={`/admin/pages/edit/${use.pageId}`}
                        className="text-teal-800 underline underline-offset-2 hover:text-teal-900"
                      >
                        {use.title}
                      </Link>{' '}
                      <span className="text-slate-600">/{use.slug === 'home' ? '' : use.slug}</span>
                    </li>
                  ))}
                  {item.usedInSettings.map((key) => (
                    <li key={key} className="text-slate-700">
                      Setting <code className="font-mono">{key}</code>
                    </li>
                  ))}
                  {item.keptIn.map((what) => (
                    <li key={what} className="text-slate-700">
                      {what[0]?.toUpperCase()}
                      {what.slice(1)}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="text-slate-600">Not used on any page</p>
            )}
          </div>
          <div className="mt-auto">
            <Button
              variant="secondary"
              size="sm"
              disabled={inUse}
              aria-describedby={inUse ? usedId : undefined}
              onClick={() => setConfirming(true)}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Delete<span className="sr-only"> {item.fileName}</span>
            </Button>
            {inUse ? (
              <p className="mt-1 text-slate-600 text-xs">Remove it from these pages before deleting it.</p>
            ) : null}
          </div>
        </div>
      </article>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this image?"
        description={`${item.fileName} and its ${item.renditions.length} sizes (${formatBytes(item.bytes)}) will be deleted. This cannot be undone.`}
        confirmLabel="Delete image"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </li>
  )
}
