import { type KeyboardEvent, useEffect, useReducer, useRef, useState } from 'react'
import {
  type BuilderContent,
  type Section,
  viewports,
  type Widget,
  type WidgetType,
} from '../../../../core/page-content.ts'
import { cn } from '../../../lib/cn.ts'
import { BuilderCanvas } from './builder-canvas.tsx'
import { BuilderInspector } from './builder-inspector.tsx'
import { widgetLabels } from './builder-panels.tsx'
import { BuilderSidebar } from './builder-sidebar.tsx'
import { builderReducer, findWidget, initialBuilderState } from './builder-state.ts'
import { BuilderToolbar, type ViewportName } from './builder-toolbar.tsx'
import { CanvasFrame } from './canvas-frame.tsx'

// Events from the canvas frame come from another window: `instanceof HTMLElement` is false there.
const isTyping = (target: EventTarget | null) => {
  const el = target as HTMLElement | null
  return !!el && el.nodeType === 1 && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))
}

// Toasts stay live and reachable while the builder is full screen (Radix's toast viewport).
const KEEP_LIVE = '[role="region"][aria-label^="Notifications"]'

/** Makes everything but `el` inert (out of reach of focus and assistive tech); returns the undo. */
function isolate(el: HTMLElement): () => void {
  const made: Element[] = []
  for (
    let node: HTMLElement | null = el;
    node && node !== node.ownerDocument.body;
    node = node.parentElement
  ) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (
        sibling === node ||
        sibling.hasAttribute('inert') ||
        /^(SCRIPT|STYLE|LINK)$/.test(sibling.tagName) ||
        sibling.matches(KEEP_LIVE)
      ) {
        continue
      }
      sibling.setAttribute('inert', '')
      made.push(sibling)
    }
  }
  return () => {
    for (const sibling of made) sibling.removeAttribute('inert')
  }
}

/** Tailwind's `lg`, from which the window-filling builder has its panels side by side. */
const LG = '(min-width: 64rem)'

/** Stops the page scrolling by the user while `media` matches (scrolling by code still works). */
function holdPageStill(media: MediaQueryList): () => void {
  const html = document.documentElement
  const overflow = html.style.overflow
  const apply = () => {
    html.style.overflow = media.matches ? 'hidden' : overflow
  }
  apply()
  media.addEventListener('change', apply)
  return () => {
    media.removeEventListener('change', apply)
    html.style.overflow = overflow
  }
}

/**
 * The visual page builder (SPEC section 2): widgets by category, sections, a canvas at three
 * viewports in its own document (canvas-frame.tsx) and a style panel. Every change flows to
 * `onChange`; the page form saves it. Mouse: drag a widget onto a section, at the insertion line;
 * drag widgets to reorder. Keyboard: select a section, focus a widget in the panel and press Enter;
 * move the selected widget with Alt+Arrow keys. Undo and redo answer in the page and in the frame.
 */
export function VisualBuilder({
  value,
  onChange,
  onSave,
  initialFullScreen = false,
}: {
  value: BuilderContent
  onChange: (content: BuilderContent) => void
  onSave?: () => void
  /**
   * Create opens the builder full screen (SPEC section 2) in the page's flow: it fills the window,
   * and the page's own fields stay reachable above it, so nothing of the form is hidden behind it.
   */
  initialFullScreen?: boolean
}) {
  const [state, dispatch] = useReducer(builderReducer, value, initialBuilderState)
  const [viewport, setViewport] = useState<ViewportName>('desktop')
  // `overlay` is modal over the page (the Full screen button); `window` fills the window in place.
  const [fullScreen, setFullScreenMode] = useState<false | 'overlay' | 'window'>(
    initialFullScreen ? 'window' : false,
  )
  const setFullScreen = (on: boolean) => setFullScreenMode(on ? 'overlay' : false)
  const [status, setStatus] = useState('')
  const [frameDocument, setFrameDocument] = useState<Document | null>(null)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const first = useRef(true)

  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    onChangeRef.current(state.present)
  }, [state.present])

  const { sections } = state.present
  const selected = findWidget(state.present, state.selection.widgetId)
  const selectedSection = sections.find((s) => s.id === state.selection.sectionId) ?? null
  const sectionName = (section: Section) => `Section ${sections.indexOf(section) + 1}`

  const announce = (message: string) => setStatus(message)

  const addWidget = (widgetType: WidgetType, sectionId?: string, index?: number) => {
    dispatch({ type: 'addWidget', widgetType, sectionId, index })
    const target = sections.find((s) => s.id === (sectionId ?? state.selection.sectionId)) ?? sections.at(-1)
    announce(`${widgetLabels[widgetType]} added to ${target ? sectionName(target) : 'Section 1'}`)
  }

  const rootRef = useRef<HTMLElement>(null)
  const fullScreenButton = useRef<HTMLButtonElement>(null)
  const fullScreenRef = useRef(fullScreen)
  fullScreenRef.current = fullScreen

  // Full screen is modal: focus moves in, the rest of the page is inert and does not scroll, and
  // leaving returns focus to the button that toggles it.
  const wasFullScreen = useRef(false)
  useEffect(() => {
    const root = rootRef.current
    if (!root) return
    if (fullScreen === 'window') {
      root.scrollIntoView({ block: 'start', behavior: 'instant' })
      // While it fills the window it stays put, as the overlay does: a wheel over the canvas or a
      // panel scrolled to its end must not scroll the page under it. Below lg the panels stack and
      // the page scrolls (ADR 0047).
      return holdPageStill(window.matchMedia(LG))
    }
    if (!fullScreen) {
      if (wasFullScreen.current) fullScreenButton.current?.focus()
      wasFullScreen.current = false
      return
    }
    wasFullScreen.current = true
    const restore = isolate(root)
    const html = document.documentElement
    const overflow = html.style.overflow
    html.style.overflow = 'hidden'
    root.focus()
    return () => {
      restore()
      html.style.overflow = overflow
    }
  }, [fullScreen])

  // Undo and redo answer anywhere in the builder, in its canvas frame, and on the page itself when
  // focus was lost (say, the Delete button just removed itself); not in the page's other fields.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const target = event.target as Node | null
      const inFrame = !!frameDocument && target?.ownerDocument === frameDocument
      const inBuilder = inFrame || (!!target && !!rootRef.current?.contains(target))
      if (!inBuilder && target !== document.body && target !== document.documentElement) return
      const mod = event.ctrlKey || event.metaKey
      const key = event.key.toLowerCase()
      if (mod && key === 'z') {
        event.preventDefault()
        dispatch({ type: event.shiftKey ? 'redo' : 'undo' })
      } else if (mod && key === 'y') {
        event.preventDefault()
        dispatch({ type: 'redo' })
      } else if (event.key === 'Escape' && fullScreenRef.current === 'overlay' && !event.defaultPrevented) {
        // A dialog opened from the builder closes first; the next Escape leaves full screen.
        if ((target as Element | null)?.closest?.('[role="dialog"], [role="alertdialog"], dialog')) return
        setFullScreenMode(false)
      }
    }
    const docs = [document, frameDocument].filter((d): d is Document => !!d)
    for (const doc of docs) doc.addEventListener('keydown', onKeyDown)
    return () => {
      for (const doc of docs) doc.removeEventListener('keydown', onKeyDown)
    }
  }, [frameDocument])

  const onWidgetKeyDown = (event: KeyboardEvent, widget: Widget) => {
    if (isTyping(event.target)) return
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault()
      dispatch({ type: 'moveWidgetBy', widgetId: widget.id, offset: event.key === 'ArrowUp' ? -1 : 1 })
    } else if (event.key === 'Delete') {
      event.preventDefault()
      dispatch({ type: 'deleteWidget', widgetId: widget.id })
      announce(`${widgetLabels[widget.type]} deleted`)
    }
  }

  const device = viewports.find((v) => v.name === viewport) ?? viewports[0]

  return (
    <section
      ref={rootRef}
      aria-label="Visual page builder"
      tabIndex={-1}
      data-full-screen={fullScreen ? 'true' : undefined}
      data-full-screen-mode={fullScreen || undefined}
      className={cn(
        'flex flex-col bg-white outline-none',
        fullScreen === 'overlay'
          ? 'fixed inset-0 z-40 overflow-y-auto lg:overflow-hidden'
          : fullScreen === 'window'
            ? // Full bleed: out of the form's column to the window's edges, and the window's height
              // below the editor's sticky header (page-editor.tsx), which it is scrolled to meet.
              'relative ml-[calc(50%-50vw)] w-screen lg:scroll-mt-[var(--editor-header-height,0px)] lg:h-[calc(100dvh-var(--editor-header-height,0px))] lg:overflow-hidden'
            : 'min-h-[70vh] rounded-lg border border-slate-200',
      )}
    >
      <BuilderToolbar
        canUndo={state.past.length > 0}
        canRedo={state.future.length > 0}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
        viewport={viewport}
        onViewport={setViewport}
        fullScreen={!!fullScreen}
        onFullScreen={() => {
          // Back from the window-filling builder to the page's fields at the top.
          if (fullScreen === 'window') window.scrollTo({ top: 0, behavior: 'instant' })
          setFullScreen(!fullScreen)
        }}
        fullScreenButton={fullScreenButton}
        onSave={() => {
          onChangeRef.current(state.present)
          setFullScreen(false)
          announce('Layout saved to the page')
          onSave?.()
        }}
      />
      <p role="status" className="sr-only">
        {status}
      </p>
      <div className="grid min-h-0 flex-1 lg:grid-cols-[15rem_minmax(0,1fr)_18rem]">
        <BuilderSidebar
          sections={sections}
          selectedSectionId={state.selection.sectionId}
          sectionName={sectionName}
          onAdd={addWidget}
          dispatch={dispatch}
        />
        <CanvasFrame viewport={device} onDocument={setFrameDocument}>
          <BuilderCanvas
            sections={sections}
            selection={state.selection}
            sectionName={sectionName}
            dispatch={dispatch}
            addWidget={addWidget}
            announce={announce}
            onWidgetKeyDown={onWidgetKeyDown}
            frameDocument={frameDocument}
          />
        </CanvasFrame>
        <BuilderInspector
          selected={selected}
          selectedSection={selectedSection}
          sectionName={sectionName}
          dispatch={dispatch}
          device={viewport}
        />
      </div>
    </section>
  )
}
