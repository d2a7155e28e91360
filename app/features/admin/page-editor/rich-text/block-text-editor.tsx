import type { Editor } from '@tiptap/core'
import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import { Bold, Italic, Link, List, ListOrdered } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { FactPicker, UnknownFactsWarning } from '../../../blocks/fields/fact-picker.tsx'
import { LinkDialog } from './dialogs.tsx'
import { richTextExtensions } from './extensions.ts'
import { ToolButton } from './toolbar-controls.tsx'

/** The block's text as the public page styles it: headings, lists and links look like themselves. */
const textClasses = [
  'min-h-24 px-3 py-2 text-slate-900 text-sm leading-relaxed outline-none',
  'focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-teal-600',
  '[&>*+*]:mt-2 [&_h2]:font-bold [&_h2]:text-lg [&_h3]:font-semibold [&_h3]:text-base [&_h4]:font-semibold',
  '[&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_a]:text-teal-800 [&_a]:underline',
].join(' ')

const STYLES = [
  { value: 'p', label: 'Paragraph' },
  { value: '2', label: 'Heading 2' },
  { value: '3', label: 'Heading 3' },
  { value: '4', label: 'Heading 4' },
] as const

const editorHtml = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML())

/**
 * A Text block's rich text, edited as it reads (docs/decisions/0061): bold, italic, links, lists
 * and headings, on the Tiptap schema of the page's rich-text editor, so what it writes is what the
 * sanitiser keeps. In the builder it has no history of its own: the builder's undo covers typing too.
 */
export function BlockTextEditor({
  label,
  hint,
  value,
  onChange,
  ownUndo = false,
}: {
  label: string
  hint?: string
  value: string
  onChange: (html: string) => void
  /** Its own undo history, where no builder history covers it (the widget library). */
  ownUndo?: boolean
}) {
  const [extensions] = useState(() => richTextExtensions({ undoRedo: ownUndo }))
  const [linking, setLinking] = useState(false)
  const known = useRef<string | null>(null)
  const onChangeRef = useRef(onChange)
  const labelId = useId()
  const hintId = useId()
  useEffect(() => {
    onChangeRef.current = onChange
  })

  const editor = useEditor({
    immediatelyRender: false,
    extensions,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(hint ? { 'aria-describedby': hintId } : {}),
        class: textClasses,
      },
    },
    onUpdate: ({ editor: changed }) => {
      const html = editorHtml(changed)
      known.current = html
      onChangeRef.current(html)
    },
  })

  // A value from outside (another widget selected, the builder's undo): into the editor.
  useEffect(() => {
    if (!editor || value === known.current) return
    known.current = value
    editor.chain().setMeta('addToHistory', false).setContent(value, { emitUpdate: false }).run()
  }, [editor, value])

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            link: e.isActive('link'),
            bullets: e.isActive('bulletList'),
            numbers: e.isActive('orderedList'),
            style:
              STYLES.find((s) => s.value !== 'p' && e.isActive('heading', { level: Number(s.value) }))
                ?.value ?? 'p',
          }
        : null,
  })
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => {
    if (editor) command(editor.chain().focus()).run()
  }

  return (
    <div className="grid gap-1.5">
      <span id={labelId} className="font-medium text-slate-800 text-sm">
        {label}
      </span>
      <div className="min-w-0 overflow-hidden rounded-lg border border-slate-300 bg-white">
        <div
          role="toolbar"
          aria-label="Formatting"
          className="flex flex-wrap items-center gap-0.5 border-slate-200 border-b bg-slate-50 p-1"
        >
          <select
            aria-label="Text style"
            value={state?.style ?? 'p'}
            disabled={!editor}
            onChange={(event) => {
              const level = Number(event.target.value)
              run((c) => (level ? c.setHeading({ level: level as 2 | 3 | 4 }) : c.setParagraph()))
            }}
            className="h-9 rounded-md border border-slate-300 bg-white px-1 text-slate-900 text-sm focus-visible:outline-3 focus-visible:outline-teal-600 focus-visible:outline-offset-1"
          >
            {STYLES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <ToolButton
            label="Bold"
            icon={Bold}
            pressed={state?.bold}
            disabled={!editor}
            onClick={() => run((c) => c.toggleBold())}
          />
          <ToolButton
            label="Italic"
            icon={Italic}
            pressed={state?.italic}
            disabled={!editor}
            onClick={() => run((c) => c.toggleItalic())}
          />
          <ToolButton
            label="Link"
            icon={Link}
            pressed={state?.link}
            disabled={!editor}
            opensDialog
            onClick={() => setLinking(true)}
          />
          <ToolButton
            label="Bulleted list"
            icon={List}
            pressed={state?.bullets}
            disabled={!editor}
            onClick={() => run((c) => c.toggleBulletList())}
          />
          <ToolButton
            label="Numbered list"
            icon={ListOrdered}
            pressed={state?.numbers}
            disabled={!editor}
            onClick={() => run((c) => c.toggleOrderedList())}
          />
          <FactPicker
            field={label}
            disabled={!editor}
            onPick={(placeholder) => run((c) => c.insertContent(placeholder))}
          />
        </div>
        {editor ? <EditorContent editor={editor} /> : <div aria-hidden="true" className="min-h-24" />}
      </div>
      {hint ? (
        <p id={hintId} className="text-slate-600 text-xs">
          {hint}
        </p>
      ) : null}
      <UnknownFactsWarning text={value} />
      {/* In place, not in the body: a full-screen builder makes everything outside it inert. */}
      {editor ? <LinkDialog editor={editor} open={linking} onClose={() => setLinking(false)} /> : null}
    </div>
  )
}
