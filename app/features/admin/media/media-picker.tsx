import { useDeferredValue, useState } from 'react'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { LoadError } from '../load-error.tsx'
import { useList } from '../use-list.ts'
import { formatBytes, type MediaItem, mediaListUrl, previewUrl } from './media-api.ts'
import { DropZone, UploadList, useUploads } from './upload-queue.tsx'

export type { MediaItem }

/**
 * Choose an image from the media library, or upload one into it first. `onPick` gets the item
 * (its `url`, `srcset`, `sizes`, `width`, `height` and `alt`); the dialog then closes.
 */
export function MediaPickerDialog({
  open,
  onOpenChange,
  onPick,
  title = 'Choose from library',
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onPick: (item: MediaItem) => void
  title?: string
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} className="max-w-3xl">
      {open ? (
        <Picker
          onPick={(item) => {
            onPick(item)
            onOpenChange(false)
          }}
        />
      ) : null}
    </Dialog>
  )
}

function Picker({ onPick }: { onPick: (item: MediaItem) => void }) {
  const [q, setQ] = useState('')
  const search = useDeferredValue(q)
  const { rows, error, isLoading } = useList<MediaItem>(mediaListUrl(search, false))
  const { uploads, add, clearFinished } = useUploads()

  return (
    <div className="grid gap-4">
      <DropZone onFiles={add} compact />
      <UploadList uploads={uploads} onClear={clearFinished} />
      <Field label="Search the library">
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
      <LoadError error={error} />
      <p role="status" className="text-slate-600 text-sm">
        {isLoading ? 'Loading…' : rows.length === 0 ? 'No images match' : `${rows.length} images`}
      </p>
      <ul aria-label="Library images" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {rows.map((item) => {
          const preview = item.renditions[0] ?? item
          return (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => onPick(item)}
                className="flex w-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white text-left hover:border-teal-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
              >
                <span className="flex aspect-video w-full items-center justify-center bg-slate-100">
                  <img
                    src={previewUrl(item)}
                    width={preview.width}
                    height={preview.height}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="max-h-full max-w-full object-contain"
                  />
                </span>
                <span className="grid gap-0.5 p-2 text-xs">
                  <span className="break-all font-medium text-slate-900 text-sm">
                    <span className="sr-only">Choose </span>
                    {item.fileName}
                  </span>
                  <span className="text-slate-600">
                    {item.width} × {item.height} · {formatBytes(item.bytes)}
                  </span>
                  {item.alt ? <span className="line-clamp-2 text-slate-600">{item.alt}</span> : null}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
