import { type Editor, getMarkRange } from '@tiptap/core'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { isPlayableSrc, videoEmbed } from '../../../../../core/video.ts'
import { Alert } from '../../../../components/ui/alert.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { Dialog } from '../../../../components/ui/dialog.tsx'
import { Field, Input } from '../../../../components/ui/field.tsx'
import { toast } from '../../../../components/ui/use-toast.ts'
import { type MediaItem, MediaPickerDialog } from '../../media/media-picker.tsx'
import { linkHref } from './link-address.ts'
import { isAbort, uploadImage } from './upload-image.ts'

type DialogProps = { editor: Editor; open: boolean; onClose: () => void }

// Every form here stops its submit event: React would bubble it on to a page form around the editor.

function Actions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap justify-end gap-2">{children}</div>
}

/** Insert Link: an address (another protocol ends as about:blank) and optional text. */
export function LinkDialog({ editor, open, onClose }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title="Insert Link">
      <LinkForm editor={editor} onDone={onClose} />
    </Dialog>
  )
}

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  // Read once, as the dialog opens: the range to link (the whole link when editing one) and its text.
  const [initial] = useState(() => {
    const { state } = editor
    const { from, to } = state.selection
    const linkType = state.schema.marks.link
    const editing = editor.isActive('link')
    const range = (editing && linkType && getMarkRange(state.doc.resolve(from), linkType)) || { from, to }
    return {
      ...range,
      href: editing ? String(editor.getAttributes('link').href ?? '') : '',
      text: state.doc.textBetween(range.from, range.to, ' '),
    }
  })
  const [url, setUrl] = useState(initial.href)
  const [text, setText] = useState(initial.text)
  const [error, setError] = useState<string | null>(null)
  const href = url.trim() ? linkHref(url) : null
  const refused = href === 'about:blank' && url.trim() !== 'about:blank'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    event.stopPropagation()
    if (!href) {
      setError('Enter the address to link to')
      return
    }
    const label = text.trim()
    const { from, to } = initial
    if (from === to || (label && label !== initial.text)) {
      editor
        .chain()
        .insertContentAt(
          { from, to },
          { type: 'text', text: label || url.trim(), marks: [{ type: 'link', attrs: { href } }] },
        )
        .run()
    } else {
      editor.chain().setTextSelection({ from, to }).setLink({ href }).run()
    }
    onDone()
  }

  const remove = () => {
    editor.chain().setTextSelection({ from: initial.from, to: initial.to }).unsetLink().run()
    onDone()
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field
        label="URL"
        required
        error={error}
        hint={
          href && href !== url.trim() && !refused
            ? `Links to ${href}`
            : 'A web address, an e-mail address, a phone number or a path on this site (/claims).'
        }
      >
        {(control) => (
          <Input
            {...control}
            value={url}
            onChange={(event) => {
              setUrl(event.target.value)
              setError(null)
            }}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
      {refused ? (
        <Alert tone="warning" live>
          Only http, https, mailto and tel addresses and addresses on this site are allowed: this link will
          point to about:blank.
        </Alert>
      ) : null}
      <Field
        label="Text (optional)"
        hint="Shown instead of the address. Leave it empty to link the selected text."
      >
        {(control) => <Input {...control} value={text} onChange={(event) => setText(event.target.value)} />}
      </Field>
      <Actions>
        {initial.href ? (
          <Button variant="secondary" onClick={remove} className="mr-auto">
            Remove link
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit">{initial.href ? 'Update link' : 'Insert link'}</Button>
      </Actions>
    </form>
  )
}

/** Embed Video: a YouTube or Vimeo address (a responsive player) or a video file's address. */
export function VideoDialog({ editor, open, onClose }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title="Embed Video">
      <VideoForm editor={editor} onDone={onClose} />
    </Dialog>
  )
}

function VideoForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [url, setUrl] = useState('')
  const [title, setTitle] = useState('')
  const [error, setError] = useState<string | null>(null)
  const embed = url.trim() ? videoEmbed(url.trim()) : null
  const vimeo = embed?.src.startsWith('https://player.vimeo.com/') ?? false
  const kind = !embed
    ? null
    : embed.kind === 'video'
      ? 'A video file, played by the browser.'
      : vimeo
        ? 'A Vimeo player.'
        : 'A YouTube player, without cookies.'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    event.stopPropagation()
    if (!embed) {
      setError('Enter the address of a video')
      return
    }
    if (embed.kind === 'video' && !isPlayableSrc(embed.src)) {
      setError('Enter a YouTube or Vimeo address, or the address of a video file (https://… or /…)')
      return
    }
    const name = title.trim() || (embed.kind === 'video' ? null : vimeo ? 'Vimeo video' : 'YouTube video')
    editor
      .chain()
      .insertContent({
        type: embed.kind === 'iframe' ? 'videoEmbed' : 'videoFile',
        attrs: { src: embed.src, title: name },
      })
      .run()
    onDone()
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field
        label="Video URL"
        required
        error={error}
        hint={kind ?? 'A YouTube or Vimeo address, or the address of a video file (.mp4).'}
      >
        {(control) => (
          <Input
            {...control}
            value={url}
            onChange={(event) => {
              setUrl(event.target.value)
              setError(null)
            }}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://www.youtube.com/watch?v=…"
          />
        )}
      </Field>
      <Field label="Title (optional)" hint="Names the video for screen-reader users.">
        {(control) => <Input {...control} value={title} onChange={(event) => setTitle(event.target.value)} />}
      </Field>
      <Actions>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit">Embed video</Button>
      </Actions>
    </form>
  )
}

/** Upload Image: the server optimises it and answers with the `<img>` to insert at the cursor. */
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
export function LostMarkupDialog({
  lost,
  onKeep,
  onCancel,
}: {
  lost: string[] | null
  onKeep: () => void
  onCancel: () => void
}) {
  return (
    <Dialog
      role="alertdialog"
      open={lost !== null}
      onOpenChange={(next) => !next && onCancel()}
      title="The visual editor would drop some of this HTML"
      description="It cannot keep:"
    >
      <ul className="grid list-disc gap-1 pl-5 text-slate-800 text-sm">
        {(lost ?? []).map((item) => (
          <li key={item}>
            <code className="font-mono">{item}</code>
          </li>
        ))}
      </ul>
      <p className="text-slate-700 text-sm">
        Keep as HTML gives the page this HTML exactly as written, and stays in Code View. Cancel to go back
        and change it.
      </p>
      <Actions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onKeep}>Keep as HTML</Button>
      </Actions>
    </Dialog>
  )
}
