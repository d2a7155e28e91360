import { useQueryClient } from '@tanstack/react-query'
import { ImagePlus } from 'lucide-react'
import { type DragEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../lib/cn.ts'
import { MEDIA_URL, type MediaItem, uploadToLibrary } from './media-api.ts'

type Upload = {
  id: number
  name: string
  progress: number
  state: 'uploading' | 'done' | 'failed'
  error?: string
  item?: MediaItem
}

const MAX_BYTES = 10 * 1024 * 1024
let nextId = 0

/**
 * Files being uploaded into the library, each with its progress and outcome. `onUploaded` hears of
 * each item the server answers; the library's lists are refetched as each one lands.
 */
export function useUploads(onUploaded?: (item: MediaItem) => void) {
  const [uploads, setUploads] = useState<Upload[]>([])
  const client = useQueryClient()
  const aborts = useRef(new Map<number, () => void>())
  const onUploadedRef = useRef(onUploaded)
  onUploadedRef.current = onUploaded
  useEffect(() => {
    const pending = aborts.current
    return () => {
      for (const abort of pending.values()) abort()
    }
  }, [])

  const update = useCallback(
    (id: number, change: Partial<Upload>) =>
      setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u))),
    [],
  )

  const add = useCallback(
    (files: Iterable<File>) => {
      for (const file of files) {
        const id = ++nextId
        const refused = !file.type.startsWith('image/')
          ? 'Not an image file'
          : file.size > MAX_BYTES
            ? 'The image is larger than 10 MB'
            : null
        setUploads((list) => [
          ...list,
          refused
            ? { id, name: file.name, progress: 0, state: 'failed', error: refused }
            : { id, name: file.name, progress: 0, state: 'uploading' },
        ])
        if (refused) continue
        const handle = uploadToLibrary(file, (progress) => update(id, { progress }))
        aborts.current.set(id, handle.abort)
        handle.done.then(
          (item) => {
            aborts.current.delete(id)
            update(id, { state: 'done', progress: 100, item })
            client.invalidateQueries({
              predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(MEDIA_URL),
            })
            onUploadedRef.current?.(item)
          },
          (error: unknown) => {
            aborts.current.delete(id)
            if (error instanceof DOMException && error.name === 'AbortError') return
            update(id, { state: 'failed', error: error instanceof Error ? error.message : 'Upload failed' })
          },
        )
      }
    },
    [client, update],
  )

  const clearFinished = useCallback(
    () => setUploads((list) => list.filter((u) => u.state === 'uploading')),
    [],
  )
  return { uploads, add, clearFinished }
}

/**
 * Where files are dropped, with a file button for keyboard and screen-reader users (a drop zone
 * cannot be reached without a mouse).
 */
export function DropZone({ onFiles, compact }: { onFiles: (files: File[]) => void; compact?: boolean }) {
  const [over, setOver] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const hintId = useId()
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    const files = [...event.dataTransfer.files]
    if (files.length > 0) onFiles(files)
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop target for the mouse; the button inside does the same for the keyboard
    <div
      data-testid="media-drop-zone"
      onDragEnter={(event) => {
        event.preventDefault()
        setOver(true)
      }}
      onDragOver={(event) => {
        event.preventDefault()
        event.dataTransfer.dropEffect = 'copy'
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false)
      }}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed text-center',
        compact ? 'p-4' : 'p-6',
        over ? 'border-teal-600 bg-teal-50' : 'border-slate-300 bg-white',
      )}
    >
      <ImagePlus className="size-8 text-slate-500" aria-hidden="true" />
      <p id={hintId} className="text-slate-700 text-sm">
        Drop images here, or choose files. JPEG, PNG, WebP, GIF, AVIF or TIFF, up to 10 MB each.
      </p>
      <Button variant="secondary" size="sm" aria-describedby={hintId} onClick={() => input.current?.click()}>
        Choose images…
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label="Upload images"
        data-testid="media-file-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])]
          event.target.value = ''
          if (files.length > 0) onFiles(files)
        }}
      />
    </div>
  )
}

/** Each file's progress bar, then its outcome; errors stay until cleared. */
export function UploadList({ uploads, onClear }: { uploads: Upload[]; onClear: () => void }) {
  if (uploads.length === 0) return null
  const finished = uploads.some((u) => u.state !== 'uploading')
  return (
    <div className="grid gap-2">
      <ul aria-label="Uploads" className="grid gap-2">
        {uploads.map((u) => (
          <li key={u.id} className="grid gap-1 rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <div className="flex flex-wrap justify-between gap-2">
              <span className="break-all font-medium text-slate-900">{u.name}</span>
              <span className="text-slate-600 tabular-nums">
                {u.state === 'uploading'
                  ? u.progress < 100
                    ? `${u.progress}%`
                    : 'Processing…'
                  : u.state === 'done'
                    ? 'Uploaded'
                    : 'Failed'}
              </span>
            </div>
            {u.state === 'uploading' ? (
              <div
                role="progressbar"
                aria-label={`Uploading ${u.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={u.progress}
                className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full bg-teal-700 transition-[width]" style={{ width: `${u.progress}%` }} />
              </div>
            ) : null}
            {u.state === 'failed' ? (
              <p role="alert" className="text-red-700">
                {u.error}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {finished ? (
        <div>
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear finished uploads
          </Button>
        </div>
      ) : null}
    </div>
  )
}
