import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { type Dispatch, type DragEvent, type KeyboardEvent, useEffect, useState } from 'react'
import type { Section, Widget, WidgetType } from '../../../../core/page-content.ts'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../lib/cn.ts'
import { ResponsiveStyle, styleObject } from '../../blocks/styles.ts'
import { widgetLabels } from './builder-panels.tsx'
import { NEW_WIDGET } from './builder-sidebar.tsx'
import type { BuilderAction, Selection } from './builder-state.ts'
import { dropIndexFromBoxes } from './canvas-geometry.ts'
import { BlockReviewBadge } from './review-flags.tsx'
import { WidgetView } from './widget-view.tsx'

const MOVE_WIDGET = 'application/x-builder-move'

type DropTarget = { sectionId: string; index: number }

const acceptsDrop = (event: DragEvent) =>
  event.dataTransfer.types.includes(NEW_WIDGET) || event.dataTransfer.types.includes(MOVE_WIDGET)

/** Where in `section` a drop at the pointer lands: against each widget's box, in the frame's own px. */
function dropIndex(event: DragEvent, sectionEl: HTMLElement) {
  const boxes = [...sectionEl.querySelectorAll<HTMLElement>(':scope > [data-widget-index]')].map((el) =>
    el.getBoundingClientRect(),
  )
  return dropIndexFromBoxes(event.clientY, boxes)
}

/** The line a dragged widget will land at; takes no room so the boxes it is measured against stay put. */
function InsertionLine() {
  return (
    <div className="relative h-0" aria-hidden="true">
      <div data-testid="insertion-line" className="absolute inset-x-0 -top-0.5 h-1 rounded bg-teal-600" />
    </div>
  )
}

/**
 * The canvas's contents (rendered inside the canvas frame): sections as labelled drop targets and
 * each widget with its selection chrome, rendered through WidgetView as the site renders it.
 */
export function BuilderCanvas({
  sections,
  selection,
  sectionName,
  dispatch,
  addWidget,
  announce,
  onWidgetKeyDown,
  frameDocument,
}: {
  sections: Section[]
  selection: Selection
  sectionName: (section: Section) => string
  dispatch: Dispatch<BuilderAction>
  addWidget: (type: WidgetType, sectionId?: string, index?: number) => void
  announce: (message: string) => void
  onWidgetKeyDown: (event: KeyboardEvent, widget: Widget) => void
  frameDocument: Document | null
}) {
  const [target, setTarget] = useState<DropTarget | null>(null)

  // A drag that ends anywhere (dropped outside, or cancelled with Escape) takes its line with it.
  useEffect(() => {
    const clear = () => setTarget(null)
    const docs = [document, frameDocument].filter((d): d is Document => !!d)
    for (const doc of docs) {
      doc.addEventListener('dragend', clear)
      doc.addEventListener('drop', clear)
    }
    return () => {
      for (const doc of docs) {
        doc.removeEventListener('dragend', clear)
        doc.removeEventListener('drop', clear)
      }
    }
  }, [frameDocument])

  const onDragOver = (event: DragEvent<HTMLElement>, section: Section) => {
    if (!acceptsDrop(event)) return
    event.preventDefault()
    event.stopPropagation()
    event.dataTransfer.dropEffect = event.dataTransfer.types.includes(NEW_WIDGET) ? 'copy' : 'move'
    const index = dropIndex(event, event.currentTarget)
    if (target?.sectionId !== section.id || target.index !== index)
      setTarget({ sectionId: section.id, index })
  }

  const onDragLeave = (event: DragEvent<HTMLElement>) => {
    const to = event.relatedTarget as Node | null
    if (!to || !event.currentTarget.contains(to)) setTarget(null)
  }

  const onDrop = (event: DragEvent<HTMLElement>, section?: Section) => {
    if (!acceptsDrop(event)) return
    event.preventDefault()
    event.stopPropagation()
    setTarget(null)
    const newType = event.dataTransfer.getData(NEW_WIDGET) as WidgetType
    const moving = event.dataTransfer.getData(MOVE_WIDGET)
    const index = section ? dropIndex(event, event.currentTarget) : undefined
    if (newType && newType in widgetLabels) addWidget(newType, section?.id, index)
    else if (moving && section && index !== undefined) {
      dispatch({ type: 'moveWidget', widgetId: moving, sectionId: section.id, index })
    }
  }

  if (sections.length === 0) {
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the Add Section button is the keyboard way
      <div
        className="flex min-h-80 flex-col items-center justify-center gap-3 rounded border-2 border-slate-300 border-dashed p-8 text-center"
        onDragOver={(e) => acceptsDrop(e) && e.preventDefault()}
        onDrop={(e) => onDrop(e)}
      >
        <h2 className="!mt-0 font-semibold text-lg text-navy-900">Start Building Your Page</h2>
        <p className="max-w-sm text-slate-600 text-sm">
          Add a section, then drag widgets from the left panel into it.
        </p>
        <Button size="sm" onClick={() => dispatch({ type: 'addSection' })}>
          <Plus className="size-4" aria-hidden="true" />
          Add your first section
        </Button>
      </div>
    )
  }

  return sections.map((section) => {
    const isSelected = selection.sectionId === section.id && !selection.widgetId
    const line = target?.sectionId === section.id ? target.index : null
    return (
      // biome-ignore lint/a11y/useSemanticElements: a labelled group of widgets that is also a drop target
      // biome-ignore lint/a11y/useKeyWithClickEvents: the section's own button selects it from the keyboard
      <div
        key={section.id}
        role="group"
        aria-label={sectionName(section)}
        data-section-id={section.id}
        onDragOver={(e) => onDragOver(e, section)}
        onDragLeave={onDragLeave}
        onDrop={(e) => onDrop(e, section)}
        onClick={() => dispatch({ type: 'select', sectionId: section.id, widgetId: null })}
        className={cn(
          'relative min-h-24 rounded border-2 border-dashed p-2',
          isSelected ? 'border-teal-600' : 'border-slate-300',
        )}
        style={styleObject(section.styles)}
      >
        <ResponsiveStyle attribute="data-section-id" id={section.id} styles={section.styles} />
        {/* The chrome has its own background: a section may be styled dark, as templates are. */}
        <div className="mb-1 flex items-center justify-between">
          <button
            type="button"
            aria-pressed={selection.sectionId === section.id}
            onClick={(e) => {
              e.stopPropagation()
              dispatch({ type: 'select', sectionId: section.id, widgetId: null })
            }}
            className="rounded bg-white px-1 font-semibold text-slate-700 text-xs uppercase tracking-wide shadow-sm"
          >
            {sectionName(section)}
          </button>
        </div>
        {section.widgets.length === 0 ? (
          <p className="rounded bg-white p-4 text-center text-slate-700 text-sm">Drop widgets here</p>
        ) : null}
        {section.widgets.map((widget, index) => (
          <CanvasWidget
            key={widget.id}
            widget={widget}
            index={index}
            section={section}
            active={selection.widgetId === widget.id}
            lineBefore={line === index}
            sectionName={sectionName}
            dispatch={dispatch}
            announce={announce}
            onKeyDown={onWidgetKeyDown}
          />
        ))}
        {line !== null && line >= section.widgets.length ? <InsertionLine /> : null}
      </div>
    )
  })
}

/**
 * A double-click on text in the canvas starts writing: the cursor goes into the selected widget's
 * rich-text field in the Style Panel (its editor is made once the panel shows the widget).
 */
function focusPanelText(frames = 20) {
  const field = document.querySelector<HTMLElement>(
    'aside[aria-label="Style Panel"] [role="textbox"][contenteditable="true"]',
  )
  if (field) field.focus()
  else if (frames > 0) requestAnimationFrame(() => focusPanelText(frames - 1))
}

function CanvasWidget({
  widget,
  index,
  section,
  active,
  lineBefore,
  sectionName,
  dispatch,
  announce,
  onKeyDown,
}: {
  widget: Widget
  index: number
  section: Section
  active: boolean
  lineBefore: boolean
  sectionName: (section: Section) => string
  dispatch: Dispatch<BuilderAction>
  announce: (message: string) => void
  onKeyDown: (event: KeyboardEvent, widget: Widget) => void
}) {
  const label = widgetLabels[widget.type]
  const select = (e: { stopPropagation: () => void }) => {
    e.stopPropagation()
    dispatch({ type: 'select', sectionId: section.id, widgetId: widget.id })
  }
  return (
    <>
      {lineBefore ? <InsertionLine /> : null}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dragging reorders; the buttons inside are the keyboard way */}
      <div
        data-widget-index={index}
        draggable
        onDragStart={(e) => {
          e.stopPropagation()
          e.dataTransfer.setData(MOVE_WIDGET, widget.id)
          e.dataTransfer.effectAllowed = 'move'
        }}
        onClick={select}
        onDoubleClick={(e) => {
          select(e)
          if (widget.type === 'text' || widget.type === 'columns') focusPanelText()
        }}
        onKeyDown={(e) => onKeyDown(e, widget)}
        className={cn(
          'group relative my-1 rounded border-2 p-1',
          active ? 'border-teal-600' : 'border-transparent hover:border-slate-300',
        )}
      >
        <div className="flex items-center gap-1 text-xs">
          <button
            type="button"
            aria-pressed={active}
            aria-label={`${label} widget ${index + 1} in ${sectionName(section)}`}
            onClick={select}
            className="rounded bg-slate-200 px-1.5 py-0.5 text-slate-700 aria-pressed:bg-teal-700 aria-pressed:text-white"
          >
            {label}
          </button>
          <BlockReviewBadge widgetId={widget.id} />
          {active ? (
            <span className="ml-auto flex gap-0.5">
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Move ${label} up`}
                aria-keyshortcuts="Alt+ArrowUp"
                onClick={(e) => {
                  e.stopPropagation()
                  dispatch({ type: 'moveWidgetBy', widgetId: widget.id, offset: -1 })
                }}
              >
                <ArrowUp className="size-4" aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Move ${label} down`}
                aria-keyshortcuts="Alt+ArrowDown"
                onClick={(e) => {
                  e.stopPropagation()
                  dispatch({ type: 'moveWidgetBy', widgetId: widget.id, offset: 1 })
                }}
              >
                <ArrowDown className="size-4" aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete ${label}`}
                aria-keyshortcuts="Delete"
                onClick={(e) => {
                  e.stopPropagation()
                  // The button goes with its widget: keep focus in the section.
                  e.currentTarget.closest('[data-section-id]')?.querySelector<HTMLElement>('button')?.focus()
                  dispatch({ type: 'deleteWidget', widgetId: widget.id })
                  announce(`${label} deleted`)
                }}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </span>
          ) : null}
        </div>
        <WidgetView widget={widget} />
      </div>
    </>
  )
}
