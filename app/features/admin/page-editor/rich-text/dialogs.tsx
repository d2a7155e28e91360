import { type Editor, getMarkRange } from '@tiptap/core'
import { type FormEvent, useState } from 'react'
import { isPlayableSrc, videoEmbed } from '../../../../../core/video.ts'
import { Alert } from '../../../../components/ui/alert.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { Dialog } from '../../../../components/ui/dialog.tsx'
import { Field, Input } from '../../../../components/ui/field.tsx'
import { Actions, type DialogProps } from './dialog-parts.tsx'
import { linkHref } from './link-address.ts'

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
