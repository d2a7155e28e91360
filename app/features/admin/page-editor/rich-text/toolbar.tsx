import type { ChainedCommands, Editor } from '@tiptap/core'
import { useEditorState } from '@tiptap/react'
import {
  Baseline,
  Bold,
  CodeXml,
  Highlighter,
  ImagePlus,
  Italic,
  Link,
  List,
  ListIndentDecrease,
  ListIndentIncrease,
  ListOrdered,
  Redo2,
  RemoveFormatting,
  SquareCode,
  Strikethrough,
  TextAlignCenter,
  TextAlignEnd,
  TextAlignJustify,
  TextAlignStart,
  TextQuote,
  Underline,
  Undo2,
  Video,
} from 'lucide-react'
import { type FocusEvent, type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react'
import { cn } from '../../../../lib/cn.ts'
import { ColorInput, Separator, ToolButton, toolClasses } from './toolbar-controls.tsx'
import { FONT_FAMILIES, FONT_SIZES, listedFontFamily, toHexColor } from './toolbar-values.ts'

export type ToolbarDialog = 'link' | 'image' | 'video'

const LEVELS = [1, 2, 3, 4, 5, 6] as const
const ALIGNMENTS = [
  { value: 'left', label: 'Align left', icon: TextAlignStart },
  { value: 'center', label: 'Align center', icon: TextAlignCenter },
  { value: 'right', label: 'Align right', icon: TextAlignEnd },
  { value: 'justify', label: 'Justify', icon: TextAlignJustify },
] as const
const DEFAULT_TEXT_COLOR = '#000000'
const DEFAULT_HIGHLIGHT = '#ffff00'
const ITEMS = 'button, select, input'

const selectClasses =
  'h-9 rounded-md border border-slate-300 bg-white px-2 text-slate-900 text-sm disabled:opacity-50 ' +
  'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-teal-600'

/** Moves focus to the toolbar's current item (Alt+F10 in the text, as in other editors). */
export function focusToolbar(id: string) {
  document.getElementById(id)?.querySelector<HTMLElement>('[tabindex="0"]')?.focus()
}

/**
 * The formatting toolbar: one Tab stop, arrow keys (and Home, End) between its controls, Escape
 * back to the text. While Code View is on, only its toggle works.
 */
export function Toolbar({
  id,
  editor,
  codeView,
  onToggleCodeView,
  onOpenDialog,
  onEscape,
}: {
  id: string
  editor: Editor | null
  codeView: boolean
  onToggleCodeView: () => void
  onOpenDialog: (dialog: ToolbarDialog) => void
  onEscape: () => void
}) {
  const ref = useRef<HTMLDivElement>(null)
  const current = useRef<HTMLElement | null>(null)
  const pointerChoice = useRef(false)

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      if (!e) return null
      const level = LEVELS.find((l) => e.isActive('heading', { level: l }))
      const style = e.getAttributes('textStyle')
      return {
        block: level ? `h${level}` : 'p',
        fontFamily: typeof style.fontFamily === 'string' ? listedFontFamily(style.fontFamily) : '',
        fontSize: typeof style.fontSize === 'string' ? style.fontSize : '',
        color: toHexColor(style.color, DEFAULT_TEXT_COLOR),
        backgroundColor: toHexColor(style.backgroundColor, DEFAULT_HIGHLIGHT),
        bold: e.isActive('bold'),
        italic: e.isActive('italic'),
        underline: e.isActive('underline'),
        strike: e.isActive('strike'),
        align: ALIGNMENTS.find((a) => e.isActive({ textAlign: a.value }))?.value ?? 'left',
        bulletList: e.isActive('bulletList'),
        orderedList: e.isActive('orderedList'),
        listItem: e.isActive('listItem'),
        blockquote: e.isActive('blockquote'),
        codeBlock: e.isActive('codeBlock'),
        link: e.isActive('link'),
        canUndo: e.can().undo(),
        canRedo: e.can().redo(),
      }
    },
  })

  // Roving tab stop: after every render exactly one enabled control is reachable with Tab.
  useEffect(() => {
    const items = Array.from(ref.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])
    const enabled = items.filter((item) => !(item as HTMLButtonElement).disabled)
    const stop = current.current && enabled.includes(current.current) ? current.current : enabled[0]
    for (const item of items) item.tabIndex = item === stop ? 0 : -1
  })

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.target as HTMLElement).matches(ITEMS)) return
    current.current = event.target as HTMLElement
    for (const item of Array.from(ref.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])) {
      item.tabIndex = item === event.target ? 0 : -1
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onEscape()
      return
    }
    const items = Array.from(ref.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []).filter(
      (item) => !(item as HTMLButtonElement).disabled,
    )
    const index = items.indexOf(event.target as HTMLElement)
    if (index < 0 || items.length === 0) return
    const next = {
      ArrowRight: (index + 1) % items.length,
      ArrowLeft: (index - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    }[event.key]
    if (next === undefined) return
    event.preventDefault()
    items[next]?.focus()
  }

  const off = !editor || !state || codeView
  const run = (command: (chain: ChainedCommands) => ChainedCommands, focusText = true) => {
    if (!editor) return
    const chain = editor.chain()
    command(focusText ? chain.focus() : chain).run()
  }
  // After a choice with the mouse the text gets focus back; with the keyboard (arrows change a
  // closed select at once) focus stays, or browsing the options would throw it out.
  const select = (
    label: string,
    value: string,
    onChange: (value: string, focusText: boolean) => void,
    options: ReactNode,
  ) => (
    <label className="flex items-center">
      <span className="sr-only">{label}</span>
      <select
        value={value}
        disabled={off}
        onPointerDown={() => {
          pointerChoice.current = true
        }}
        onKeyDown={() => {
          pointerChoice.current = false
        }}
        onChange={(event) => onChange(event.target.value, pointerChoice.current)}
        className={selectClasses}
        title={label}
      >
        {options}
      </select>
    </label>
  )

  return (
    <div
      id={id}
      ref={ref}
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      className="flex flex-wrap items-center gap-1 border-slate-300 border-b bg-slate-50 p-1.5"
    >
      <ToolButton
        label="Undo"
        icon={Undo2}
        disabled={off || !state?.canUndo}
        onClick={() => run((c) => c.undo())}
      />
      <ToolButton
        label="Redo"
        icon={Redo2}
        disabled={off || !state?.canRedo}
        onClick={() => run((c) => c.redo())}
      />
      <Separator />
      {select(
        'Heading',
        state?.block ?? 'p',
        (value, focusText) =>
          run(
            (c) =>
              value === 'p'
                ? c.setParagraph()
                : c.setHeading({ level: Number(value.slice(1)) as (typeof LEVELS)[number] }),
            focusText,
          ),
        <>
          <option value="p">Paragraph</option>
          {LEVELS.map((level) => (
            <option key={level} value={`h${level}`}>
              Heading {level}
            </option>
          ))}
        </>,
      )}
      {select(
        'Font',
        state?.fontFamily ?? '',
        (value, focusText) => run((c) => (value ? c.setFontFamily(value) : c.unsetFontFamily()), focusText),
        <>
          <option value="">Default font</option>
          {FONT_FAMILIES.map((font) => (
            <option key={font.value} value={font.value}>
              {font.label}
            </option>
          ))}
          {state?.fontFamily && !FONT_FAMILIES.some((font) => font.value === state.fontFamily) ? (
            <option value={state.fontFamily}>{state.fontFamily}</option>
          ) : null}
        </>,
      )}
      {select(
        'Size',
        state?.fontSize ?? '',
        (value, focusText) => run((c) => (value ? c.setFontSize(value) : c.unsetFontSize()), focusText),
        <>
          <option value="">Default size</option>
          {FONT_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
          {state?.fontSize && !(FONT_SIZES as readonly string[]).includes(state.fontSize) ? (
            <option value={state.fontSize}>{state.fontSize}</option>
          ) : null}
        </>,
      )}
      <Separator />
      <ToolButton
        label="Bold"
        icon={Bold}
        pressed={state?.bold ?? false}
        disabled={off}
        onClick={() => run((c) => c.toggleBold())}
      />
      <ToolButton
        label="Italic"
        icon={Italic}
        pressed={state?.italic ?? false}
        disabled={off}
        onClick={() => run((c) => c.toggleItalic())}
      />
      <ToolButton
        label="Underline"
        icon={Underline}
        pressed={state?.underline ?? false}
        disabled={off}
        onClick={() => run((c) => c.toggleUnderline())}
      />
      <ToolButton
        label="Strikethrough"
        icon={Strikethrough}
        pressed={state?.strike ?? false}
        disabled={off}
        onClick={() => run((c) => c.toggleStrike())}
      />
      {/* No focus() here: moving focus to the text would close the browser's colour picker. */}
      <ColorInput
        label="Text color"
        icon={Baseline}
        value={state?.color ?? DEFAULT_TEXT_COLOR}
        disabled={off}
        onChange={(value) => editor?.chain().setColor(value).run()}
      />
      <ColorInput
        label="Background color"
        icon={Highlighter}
        value={state?.backgroundColor ?? DEFAULT_HIGHLIGHT}
        disabled={off}
        onChange={(value) => editor?.chain().setBackgroundColor(value).run()}
      />
      <ToolButton
        label="Clear formatting"
        icon={RemoveFormatting}
        disabled={off}
        onClick={() => run((c) => c.unsetAllMarks())}
      />
      <Separator />
      {ALIGNMENTS.map((alignment) => (
        <ToolButton
          key={alignment.value}
          label={alignment.label}
          icon={alignment.icon}
          pressed={state ? state.align === alignment.value : false}
          disabled={off}
          onClick={() => run((c) => c.setTextAlign(alignment.value))}
        />
      ))}
      <Separator />
      <ToolButton
        label="Bullet list"
        icon={List}
        pressed={state?.bulletList ?? false}
        disabled={off}
        onClick={() => run((c) => c.toggleBulletList())}
      />
      <ToolButton
        label="Numbered list"
        icon={ListOrdered}
        pressed={state?.orderedList ?? false}
        disabled={off}
        onClick={() => run((c) => c.toggleOrderedList())}
      />
      <ToolButton
        label="Outdent"
        icon={ListIndentDecrease}
        disabled={off}
        onClick={() => run((c) => (state?.listItem ? c.liftListItem('listItem') : c.outdent()))}
      />
      <ToolButton
        label="Indent"
        icon={ListIndentIncrease}
        disabled={off}
        onClick={() => run((c) => (state?.listItem ? c.sinkListItem('listItem') : c.indent()))}
      />
      <Separator />
      <ToolButton
        label="Blockquote"
        icon={TextQuote}
        pressed={state?.blockquote ?? false}
        disabled={off}
        onClick={() => run((c) => c.toggleBlockquote())}
      />
      <ToolButton
        label="Code block"
        icon={SquareCode}
        pressed={state?.codeBlock ?? false}
        disabled={off}
        onClick={() => run((c) => c.toggleCodeBlock())}
      />
      <Separator />
      <ToolButton
        label={state?.link ? 'Edit link' : 'Insert link'}
        icon={Link}
        opensDialog
        disabled={off}
        onClick={() => onOpenDialog('link')}
      />
      <ToolButton
        label="Upload image"
        icon={ImagePlus}
        opensDialog
        disabled={off}
        onClick={() => onOpenDialog('image')}
      />
      <ToolButton
        label="Embed video"
        icon={Video}
        opensDialog
        disabled={off}
        onClick={() => onOpenDialog('video')}
      />
      <button
        type="button"
        aria-pressed={codeView}
        disabled={!editor}
        onClick={onToggleCodeView}
        className={cn(toolClasses, 'ml-auto w-auto gap-1.5 px-2.5 font-medium text-sm')}
      >
        <CodeXml className="size-4" aria-hidden="true" />
        Code View
      </button>
    </div>
  )
}
