import type { Editor } from '@tiptap/core'
import { EditorContent, useEditor } from '@tiptap/react'
import { useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { Alert } from '../../../../components/ui/alert.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { controlClasses } from '../../../../components/ui/field.tsx'
import { cn } from '../../../../lib/cn.ts'
import { checkHtml, formatHtml, prepareHtml } from './code-view.ts'
import { LinkDialog, LostMarkupDialog, VideoDialog } from './dialogs.tsx'
import { richTextExtensions } from './extensions.ts'
import { ImageDialog } from './image-dialog.tsx'
import { focusToolbar, Toolbar, type ToolbarDialog } from './toolbar.tsx'

/** Readable text in the editing area (Tailwind's reset removes heading sizes, list markers and so on). */
const contentClasses = [
  'min-h-[300px] px-4 py-3 text-base text-slate-900 leading-relaxed outline-none',
  'focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-teal-600',
  '[&>*+*]:mt-3 [&_li>*+*]:mt-1',
  '[&_h1]:font-bold [&_h1]:text-3xl [&_h1]:text-navy-900 [&_h2]:font-bold [&_h2]:text-2xl [&_h2]:text-navy-900',
  '[&_h3]:font-semibold [&_h3]:text-navy-900 [&_h3]:text-xl [&_h4]:font-semibold [&_h4]:text-lg [&_h4]:text-navy-900',
  '[&_h5]:font-semibold [&_h5]:text-navy-900 [&_h6]:font-semibold [&_h6]:text-navy-900 [&_h6]:text-sm',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_blockquote]:border-slate-300 [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:text-slate-700 [&_blockquote]:italic',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_pre]:text-sm',
  '[&_code]:font-mono [&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-slate-100 [&_:not(pre)>code]:px-1 [&_:not(pre)>code]:text-[0.9em]',
  '[&_a]:text-teal-800 [&_a]:underline [&_hr]:my-4 [&_hr]:border-slate-300',
  '[&_img]:inline-block [&_img]:h-auto [&_img]:max-w-full',
  '[&_.video-embed]:max-w-full [&_iframe]:aspect-video [&_iframe]:w-full [&_iframe]:border-0 [&_video]:w-full',
  '[&_.ProseMirror-selectednode]:outline-3 [&_.ProseMirror-selectednode]:outline-teal-600',
].join(' ')

/** The editor's HTML without the empty paragraph it keeps last (to type after a video): '' when empty. */
const editorHtml = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML().replace(/(<p><\/p>)+$/, ''))

export type RichTextEditorProps = {
  /** The page content as HTML. */
  value: string
  /** Called with the new HTML on every change (from Code View: when applied or kept). */
  onChange: (html: string) => void
}

/**
 * The rich-text page editor (SPEC section 2): a formatting toolbar over a Tiptap editor, dialogs to
 * insert links, videos and uploaded images, and Code View for the raw HTML. HTML the visual editor
 * would change is never dropped silently: Code View says what would be lost and can keep it as is.
 * Safe to render on the server: the editor itself is created in the browser.
 */
export function RichTextEditor({ value, onChange }: RichTextEditorProps) {
  const [extensions] = useState(richTextExtensions)
  const [mode, setMode] = useState<'visual' | 'code'>('visual')
  const [code, setCode] = useState('')
  const [codeDirty, setCodeDirty] = useState(false)
  /** What the visual editor would drop of the HTML the page keeps, while it keeps it. */
  const [kept, setKept] = useState<string[] | null>(null)
  const [pending, setPending] = useState<{ raw: string; lost: string[] } | null>(null)
  const [dialog, setDialog] = useState<ToolbarDialog | null>(null)
  /** The last HTML given out or taken in: `value` coming back as it is is not a change from outside. */
  const known = useRef<string | null>(null)
  const onChangeRef = useRef(onChange)
  const focusText = useRef(false)
  const toolbarId = useId()
  const codeId = useId()
  const codeHintId = useId()
  const keptId = useId()
  const keysHintId = useId()

  useEffect(() => {
    onChangeRef.current = onChange
  })

  const emit = (html: string) => {
    known.current = html
    onChangeRef.current(html)
  }

  const editor = useEditor({
    immediatelyRender: false,
    extensions,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': 'Page content',
        'aria-describedby': keysHintId,
        class: contentClasses,
      },
      transformPastedHTML: (html) => prepareHtml(html).html,
      handleKeyDown: (_view, event) => {
        if (!(event.altKey && event.key === 'F10')) return false
        event.preventDefault()
        focusToolbar(toolbarId)
        return true
      },
    },
    onUpdate: ({ editor: changed }) => emit(editorHtml(changed)),
  })

  // A value from outside (the page loading, a revision restored): into the editor, or into Code
  // View when the visual editor would drop some of it.
  useEffect(() => {
    if (!editor || value === known.current) return
    known.current = value
    const { html, lost } = checkHtml(editor.schema, value)
    editor.chain().setMeta('addToHistory', false).setContent(html, { emitUpdate: false }).run()
    setCodeDirty(false)
    if (lost.length) {
      setCode(value)
      setKept(lost)
      setMode('code')
    } else {
      setKept(null)
      setCode(formatHtml(editorHtml(editor)))
    }
  }, [editor, value])

  useEffect(() => {
    if (mode !== 'visual' || !focusText.current) return
    focusText.current = false
    editor?.commands.focus()
  }, [mode, editor])

  const applyCode = () => {
    if (!editor) return
    const { html, lost } = checkHtml(editor.schema, code)
    if (lost.length) {
      setPending({ raw: code, lost })
      return
    }
    editor.commands.setContent(html, { emitUpdate: false })
    emit(editorHtml(editor))
    setKept(null)
    setCodeDirty(false)
    focusText.current = true
    setMode('visual')
  }

  const keepAsHtml = () => {
    if (!pending) return
    emit(pending.raw)
    setKept(pending.lost)
    setCodeDirty(false)
    setPending(null)
  }

  const toggleCodeView = () => {
    if (!editor) return
    if (mode === 'visual') {
      setCode(formatHtml(editorHtml(editor)))
      setCodeDirty(false)
      setMode('code')
    } else if (codeDirty || kept) {
      applyCode()
    } else {
      focusText.current = true
      setMode('visual')
    }
  }

  return (
    <div className="min-w-0 overflow-hidden rounded-lg border border-slate-300 bg-white">
      <Toolbar
        id={toolbarId}
        editor={editor}
        codeView={mode === 'code'}
        onToggleCodeView={toggleCodeView}
        onOpenDialog={setDialog}
        onEscape={() => editor?.commands.focus()}
      />
      <div hidden={mode === 'code'}>
        {editor ? <EditorContent editor={editor} /> : <div aria-hidden="true" className="min-h-[300px]" />}
        <p id={keysHintId} className="border-slate-200 border-t px-4 py-1.5 text-slate-600 text-xs">
          Alt+F10 moves to the toolbar; Escape there returns to the text.
        </p>
      </div>
      {mode === 'code' ? (
        <div className="grid gap-2 p-3">
          <label htmlFor={codeId} className="font-medium text-slate-800 text-sm">
            HTML code
          </label>
          <textarea
            id={codeId}
            value={code}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            aria-describedby={kept ? `${codeHintId} ${keptId}` : codeHintId}
            onChange={(event) => {
              setCode(event.target.value)
              setCodeDirty(true)
            }}
            className={cn(controlClasses, 'min-h-[300px] font-mono text-sm leading-relaxed')}
          />
          {kept ? (
            <div id={keptId}>
              <Alert tone="warning">
                The page keeps this HTML exactly as written. Switching to the visual editor would drop:{' '}
                {kept.join(', ')}.
              </Alert>
            </div>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id={codeHintId} className="text-slate-600 text-xs">
              {codeDirty
                ? 'Not applied yet: the page gets this HTML when you apply it.'
                : 'Edit the HTML, then apply it.'}
            </p>
            <Button size="sm" onClick={applyCode} disabled={!editor}>
              Apply HTML
            </Button>
          </div>
        </div>
      ) : null}
      {/* In the body, not here: the page's own form must not contain the dialogs' forms. */}
      {editor
        ? createPortal(
            <>
              <LinkDialog editor={editor} open={dialog === 'link'} onClose={() => setDialog(null)} />
              <VideoDialog editor={editor} open={dialog === 'video'} onClose={() => setDialog(null)} />
              <ImageDialog editor={editor} open={dialog === 'image'} onClose={() => setDialog(null)} />
              <LostMarkupDialog
                lost={pending?.lost ?? null}
                onKeep={keepAsHtml}
                onCancel={() => setPending(null)}
              />
            </>,
            document.body,
          )
        : null}
    </div>
  )
}
