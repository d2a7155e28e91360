import type { Editor } from '@tiptap/core'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../../components/ui/button.tsx'
import { Dialog } from '../../../../components/ui/dialog.tsx'
import { Field, Input } from '../../../../components/ui/field.tsx'
import { toast } from '../../../../components/ui/use-toast.ts'
import { type MediaItem, MediaPickerDialog } from '../../media/media-picker.tsx'
import { Actions, type DialogProps } from './dialog-parts.tsx'
import { isAbort, uploadImage } from './upload-image.ts'

export function ImageDialog({ editor, open, onClose }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title="Upload Image">
      <ImageForm editor={editor} onDone={onClose} />
    </Dialog>
  )
}

const CLASS_NAMES = /^[A-Za-z0-9_ -]*$/

const escapeAttribute = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

/** The `<img>` for a library image, as the upload answers it: every size in srcset, lazy loading. */
export function libraryImageHtml(item: MediaItem, alt: string, className: string): string {
  const attributes: [string, string | number][] = [
    ['src', item.url],
    ['srcset', item.srcset],
    ['sizes', item.sizes],
    ['width', item.width],
    ['height', item.height],
    ['alt', alt],
    ...(className ? ([['class', className]] as [string, string][]) : []),
    ['loading', 'lazy'],
    ['decoding', 'async'],
  ]
  return `<img ${attributes.map(([name, value]) => `${name}="${escapeAttribute(String(value))}"`).join(' ')}>`
}

function ImageForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null)
  const [alt, setAlt] = useState('')
  const [className, setClassName] = useState('')
  const [fileError, setFileError] = useState<string | null>(null)
  const [classError, setClassError] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [picking, setPicking] = useState(false)
  const upload = useRef<{ abort: () => void } | null>(null)
  const progressId = useId()
  // Closing the dialog (Escape, Cancel) stops an upload under way.
  useEffect(() => () => upload.current?.abort(), [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    event.stopPropagation()
    const badFile = !file
      ? 'Choose an image file'
      : file.type.startsWith('image/')
        ? null
        : 'Choose an image file'
    const badClass = CLASS_NAMES.test(className)
      ? null
      : 'CSS classes may contain only letters, digits, hyphens, underscores and spaces'
    setFileError(badFile)
    setClassError(badClass)
    if (!file || badFile || badClass) return
    setProgress(0)
    const handle = uploadImage(
      { file, alt: alt.trim(), className: className.trim().replace(/\s+/g, ' ') },
      setProgress,
    )
    upload.current = handle
    handle.done.then(
      (snippet) => {
        upload.current = null
        editor.chain().insertContent(snippet).run()
        toast({
          title: 'Image uploaded successfully',
          description: 'Your image has been processed and optimized',
        })
        onDone()
      },
      (error: unknown) => {
        upload.current = null
        if (isAbort(error)) return
        console.error('Image upload failed', error)
        setProgress(null)
        toast({
          variant: 'destructive',
          title: 'Upload failed',
          description: 'Failed to upload and process image',
        })
      },
    )
  }

  const pick = (item: MediaItem) => {
    if (!CLASS_NAMES.test(className)) {
      setClassError('CSS classes may contain only letters, digits, hyphens, underscores and spaces')
      return
    }
    // Alt text typed here wins; otherwise the library's own.
    const html = libraryImageHtml(item, alt.trim() || item.alt, className.trim().replace(/\s+/g, ' '))
    editor.chain().insertContent(html).run()
    toast({ title: 'Image inserted', description: item.fileName })
    onDone()
  }

  const uploading = progress !== null
  return (
    <>
      <form onSubmit={submit} className="grid gap-4" noValidate aria-busy={uploading}>
        <Field
          label="Image file"
          required
          error={fileError}
          hint="It is converted to WebP in several sizes and kept in the media library. Or choose one already there."
        >
          {(control) => (
            <Input
              {...control}
              type="file"
              accept="image/*"
              disabled={uploading}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null)
                setFileError(null)
              }}
              className="file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:font-medium file:text-navy-900"
            />
          )}
        </Field>
        <Field
          label="Alt text"
          hint="Describes the image for people who cannot see it. Leave it empty only if it is decorative."
        >
          {(control) => (
            <Input
              {...control}
              value={alt}
              disabled={uploading}
              onChange={(event) => setAlt(event.target.value)}
            />
          )}
        </Field>
        <Field
          label="CSS classes (optional)"
          error={classError}
          hint="Separated by spaces, e.g. rounded shadow"
        >
          {(control) => (
            <Input
              {...control}
              value={className}
              disabled={uploading}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => {
                setClassName(event.target.value)
                setClassError(null)
              }}
            />
          )}
        </Field>
        {uploading ? (
          <div className="grid gap-1.5">
            <div className="flex justify-between text-sm">
              <label htmlFor={progressId} className="font-medium text-slate-800">
                Upload progress
              </label>
              <span aria-hidden="true" className="text-slate-600 tabular-nums">
                {progress}%
              </span>
            </div>
            <progress id={progressId} max={100} value={progress} className="h-2 w-full accent-teal-700">
              {progress}%
            </progress>
            <p role="status" className="text-slate-600 text-xs">
              {progress < 100 ? 'Uploading…' : 'Processing the image…'}
            </p>
          </div>
        ) : null}
        <Actions>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button variant="secondary" disabled={uploading} onClick={() => setPicking(true)}>
            Choose from library
          </Button>
          <Button type="submit" disabled={uploading} aria-busy={uploading}>
            {uploading ? 'Uploading…' : 'Upload image'}
          </Button>
        </Actions>
      </form>
      <MediaPickerDialog open={picking} onOpenChange={setPicking} onPick={pick} />
    </>
  )
}

/** Code View HTML the visual editor cannot keep: keep it as written, or go back and change it. */
