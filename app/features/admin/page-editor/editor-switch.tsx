import { useState } from 'react'
import type { PageContent } from '../../../../core/page-content.ts'
import {
  blocksToRichText,
  type PlaceholderWidget,
  richTextToBlocks,
} from '../../../../core/page-conversion.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { newId } from './builder-state.ts'

/**
 * Switching a page between its editors (docs/decisions/0061-editor-switching-and-placeholders.md):
 * never by typing in the other one. A page built with blocks keeps its rich text in Text blocks;
 * converting the whole page is a button, a confirmation that says what is lost, and an undo.
 */

/** A conversion made, with the content before it, so it can be undone. */
export type ConversionUndo = { before: PageContent; message: string }

function ConvertDialog({
  open,
  onOpenChange,
  title,
  lost,
  confirmLabel,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  lost: string[]
  confirmLabel: string
  onConfirm: () => void
}) {
  return (
    <Dialog
      role="alertdialog"
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={
        lost.length
          ? 'The rich text keeps every widget’s words, links and images. It cannot keep:'
          : 'Nothing is lost: you can undo the conversion until you leave the page.'
      }
    >
      {lost.length ? (
        <>
          <ul className="grid list-disc gap-1 pl-5 text-slate-800 text-sm">
            {lost.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="text-slate-700 text-sm">You can undo the conversion until you leave the page.</p>
        </>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button
          onClick={() => {
            onOpenChange(false)
            onConfirm()
          }}
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  )
}

/** In the Rich Text tab of a page built with blocks: where its text is, and the way to convert. */
export function BlocksInRichTextTab({
  content,
  onConvert,
  onOpenBuilder,
}: {
  content: PageContent
  onConvert: (content: PageContent, message: string) => void
  onOpenBuilder: () => void
}) {
  const [open, setOpen] = useState(false)
  const [conversion, setConversion] = useState(() => blocksToRichText(content))
  return (
    <div className="grid gap-3">
      <Alert tone="info">
        This page is built with blocks. Its text lives in Text blocks: select one in the Visual Builder to
        edit it there with bold, italic, links, lists and headings.
      </Alert>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onOpenBuilder}>
          Edit in the Visual Builder
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setConversion(blocksToRichText(content))
            setOpen(true)
          }}
        >
          Convert page to rich text…
        </Button>
      </div>
      <ConvertDialog
        open={open}
        onOpenChange={setOpen}
        title="Convert this page to rich text?"
        lost={conversion.lost}
        confirmLabel="Convert to rich text"
        onConfirm={() => onConvert(conversion.content, 'Page converted to rich text.')}
      />
    </div>
  )
}

/** In the Visual Builder tab of a rich-text page: the way to blocks (its HTML as one Text block). */
export function RichTextInBuilderTab({
  html,
  onConvert,
}: {
  html: string
  onConvert: (content: PageContent, message: string) => void
}) {
  const [open, setOpen] = useState(false)
  return (
    <div className="grid gap-3">
      <Alert tone="info">
        This page is written in rich text. To build it with blocks, convert it: its text becomes one Text
        block you can add widgets around.
      </Alert>
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Convert page to blocks…
        </Button>
      </div>
      <ConvertDialog
        open={open}
        onOpenChange={setOpen}
        title="Convert this page to blocks?"
        lost={[]}
        confirmLabel="Convert to blocks"
        onConfirm={() => onConvert(richTextToBlocks(html, newId), 'Page converted to blocks.')}
      />
    </div>
  )
}

/** After a conversion: what happened, and the way back. */
export function ConversionNotice({ undo, onUndo }: { undo: ConversionUndo | null; onUndo: () => void }) {
  return (
    // Always there (a live region must exist before it speaks), and of no height while empty.
    <div role="status">
      {undo ? (
        <div className="mb-3 flex flex-wrap items-center gap-3 rounded-lg bg-sky-50 p-3 text-sky-900 text-sm">
          <span>{undo.message}</span>
          <Button size="sm" variant="secondary" onClick={onUndo}>
            Undo conversion
          </Button>
        </div>
      ) : null}
    </div>
  )
}

/** Before publishing a page that still holds template sample content: say which, and ask. */
export function PlaceholderPublishDialog({
  placeholders,
  onCancel,
  onConfirm,
}: {
  placeholders: PlaceholderWidget[] | null
  onCancel: () => void
  onConfirm: () => void
}) {
  return (
    <Dialog
      role="alertdialog"
      open={placeholders !== null}
      onOpenChange={(next) => !next && onCancel()}
      title="Publish template sample content?"
      description="This page still holds sample content from its template, which would go live as it is:"
    >
      <ul className="grid list-disc gap-1 pl-5 text-slate-800 text-sm">
        {(placeholders ?? []).map((p) => (
          <li key={p.id}>
            {p.label} in Section {p.section}
          </li>
        ))}
      </ul>
      <p className="text-slate-700 text-sm">
        Replace it in the Visual Builder first, or publish the page with it.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Go back and replace it
        </Button>
        <Button variant="destructive" onClick={onConfirm}>
          Publish anyway
        </Button>
      </div>
    </Dialog>
  )
}

/** While a page holds template sample content: a standing note above its editors. */
export function PlaceholderNote({ placeholders }: { placeholders: PlaceholderWidget[] }) {
  if (placeholders.length === 0) return null
  return (
    <Alert tone="warning" className="mb-3">
      Template sample content to replace before publishing:{' '}
      {placeholders.map((p) => `${p.label} in Section ${p.section}`).join(', ')}.
    </Alert>
  )
}
