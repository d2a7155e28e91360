import {
  ArrowDown,
  ArrowUp,
  Maximize2,
  Minimize2,
  Monitor,
  Plus,
  Redo2,
  Save,
  Smartphone,
  Tablet,
  Trash2,
  Undo2,
} from 'lucide-react'
import { type DragEvent, type KeyboardEvent, useEffect, useReducer, useRef, useState } from 'react'
import {
  type BuilderContent,
  type Section,
  viewports,
  type Widget,
  type WidgetType,
} from '../../../../core/page-content.ts'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../lib/cn.ts'
import { styleObject } from '../../blocks/styles.ts'
import { BuilderInspector } from './builder-inspector.tsx'
import { widgetLabels } from './builder-panels.tsx'
import { BuilderSidebar, NEW_WIDGET } from './builder-sidebar.tsx'
import { builderReducer, findWidget, initialBuilderState } from './builder-state.ts'
import { WidgetView } from './widget-view.tsx'

const MOVE_WIDGET = 'application/x-builder-move'
const viewportIcons = { desktop: Monitor, tablet: Tablet, mobile: Smartphone }

const isTyping = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))

/**
 * The visual page builder (SPEC section 2): widgets by category, sections, a canvas at three
 * viewports and a style panel. Every change flows to `onChange`; the page form saves it.
 * Mouse: drag a widget onto a section, drag widgets to reorder. Keyboard: select a section, focus a
 * widget in the panel and press Enter; move the selected widget with Alt+Arrow keys.
 */
export function VisualBuilder({
  value,
  onChange,
  onSave,
}: {
  value: BuilderContent
  onChange: (content: BuilderContent) => void
  onSave?: () => void
}) {
  const [state, dispatch] = useReducer(builderReducer, value, initialBuilderState)
  const [viewport, setViewport] = useState<(typeof viewports)[number]['name']>('desktop')
  const [fullScreen, setFullScreen] = useState(false)
  const [status, setStatus] = useState('')
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
  const fullScreenRef = useRef(fullScreen)
  fullScreenRef.current = fullScreen
  // Undo and redo answer anywhere in the builder, and on the page itself when focus was lost (say,
  // the Delete button just removed itself); not in the page's other fields or editors.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const target = event.target as Node | null
      const inBuilder = !!target && !!rootRef.current?.contains(target)
      if (!inBuilder && target !== document.body && target !== document.documentElement) return
      const mod = event.ctrlKey || event.metaKey
      const key = event.key.toLowerCase()
      if (mod && key === 'z') {
        event.preventDefault()
        dispatch({ type: event.shiftKey ? 'redo' : 'undo' })
      } else if (mod && key === 'y') {
        event.preventDefault()
        dispatch({ type: 'redo' })
      } else if (event.key === 'Escape' && fullScreenRef.current) {
        setFullScreen(false)
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

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

  const dropIndex = (event: DragEvent, section: Section) => {
    const frame = (event.target as HTMLElement).closest<HTMLElement>('[data-widget-index]')
    if (!frame) return section.widgets.length
    const index = Number(frame.dataset.widgetIndex)
    const box = frame.getBoundingClientRect()
    return event.clientY > box.top + box.height / 2 ? index + 1 : index
  }

  const acceptsDrop = (event: DragEvent) =>
    event.dataTransfer.types.includes(NEW_WIDGET) || event.dataTransfer.types.includes(MOVE_WIDGET)

  const onDrop = (event: DragEvent, section?: Section) => {
    if (!acceptsDrop(event)) return
    event.preventDefault()
    event.stopPropagation()
    const newType = event.dataTransfer.getData(NEW_WIDGET) as WidgetType
    const moving = event.dataTransfer.getData(MOVE_WIDGET)
    if (newType && newType in widgetLabels) {
      // A new widget goes to the end of the section it is dropped on; dragging it again places it.
      addWidget(newType, section?.id)
    } else if (moving && section) {
      dispatch({
        type: 'moveWidget',
        widgetId: moving,
        sectionId: section.id,
        index: dropIndex(event, section),
      })
    }
  }

  const width = viewports.find((v) => v.name === viewport)?.width

  return (
    <section
      ref={rootRef}
      aria-label="Visual page builder"
      className={cn(
        'flex flex-col bg-white',
        fullScreen ? 'fixed inset-0 z-40' : 'min-h-[70vh] rounded-lg border border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-center gap-2 border-slate-200 border-b px-3 py-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => dispatch({ type: 'undo' })}
          disabled={!state.past.length}
          aria-keyshortcuts="Control+Z"
        >
          <Undo2 className="size-4" aria-hidden="true" />
          Undo
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => dispatch({ type: 'redo' })}
          disabled={!state.future.length}
          aria-keyshortcuts="Control+Shift+Z"
        >
          <Redo2 className="size-4" aria-hidden="true" />
          Redo
        </Button>
        <fieldset className="flex gap-1">
          <legend className="sr-only">Viewport</legend>
          {viewports.map((v) => {
            const Icon = viewportIcons[v.name]
            return (
              <Button
                key={v.name}
                variant={viewport === v.name ? 'primary' : 'secondary'}
                size="sm"
                aria-pressed={viewport === v.name}
                onClick={() => setViewport(v.name)}
              >
                <Icon className="size-4" aria-hidden="true" />
                {v.label}
              </Button>
            )
          })}
        </fieldset>
        <div className="ml-auto flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => setFullScreen((f) => !f)}>
            {fullScreen ? (
              <Minimize2 className="size-4" aria-hidden="true" />
            ) : (
              <Maximize2 className="size-4" aria-hidden="true" />
            )}
            {fullScreen ? 'Exit full screen' : 'Full screen'}
          </Button>
          <Button
            size="sm"
            onClick={() => {
              onChangeRef.current(state.present)
              setFullScreen(false)
              announce('Layout saved to the page')
              onSave?.()
            }}
          >
            <Save className="size-4" aria-hidden="true" />
            Save
          </Button>
        </div>
      </div>
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

        <div className="min-w-0 overflow-auto bg-slate-100 p-3">
          <div
            data-testid="builder-canvas"
            data-viewport={viewport}
            className="mx-auto min-h-full bg-white shadow-sm"
            style={{ width: width ? `${width}px` : '100%', maxWidth: '100%' }}
          >
            {sections.length === 0 ? (
              // biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the Add Section button is the keyboard way
              <div
                className="flex min-h-80 flex-col items-center justify-center gap-3 p-8 text-center"
                onDragOver={(e) => acceptsDrop(e) && e.preventDefault()}
                onDrop={(e) => onDrop(e)}
              >
                <h3 className="font-semibold text-lg text-navy-900">Start Building Your Page</h3>
                <p className="max-w-sm text-slate-600 text-sm">
                  Add a section, then drag widgets from the left panel into it.
                </p>
                <Button size="sm" onClick={() => dispatch({ type: 'addSection' })}>
                  <Plus className="size-4" aria-hidden="true" />
                  Add your first section
                </Button>
              </div>
            ) : (
              sections.map((section) => {
                const isSelected = state.selection.sectionId === section.id && !state.selection.widgetId
                return (
                  // biome-ignore lint/a11y/useSemanticElements: a labelled group of widgets that is also a drop target
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the section's own button selects it from the keyboard
                  <div
                    key={section.id}
                    role="group"
                    aria-label={sectionName(section)}
                    data-section-id={section.id}
                    onDragOver={(e) => acceptsDrop(e) && e.preventDefault()}
                    onDrop={(e) => onDrop(e, section)}
                    onClick={() => dispatch({ type: 'select', sectionId: section.id, widgetId: null })}
                    className={cn(
                      'relative m-2 min-h-24 rounded border-2 border-dashed p-2',
                      isSelected ? 'border-teal-600' : 'border-slate-300',
                    )}
                    style={styleObject(section.styles)}
                  >
                    <div className="mb-1 flex items-center justify-between">
                      <button
                        type="button"
                        aria-pressed={state.selection.sectionId === section.id}
                        onClick={(e) => {
                          e.stopPropagation()
                          dispatch({ type: 'select', sectionId: section.id, widgetId: null })
                        }}
                        className="rounded px-1 font-semibold text-slate-500 text-xs uppercase tracking-wide focus-visible:outline-3 focus-visible:outline-teal-600"
                      >
                        {sectionName(section)}
                      </button>
                    </div>
                    {section.widgets.length === 0 ? (
                      <p className="p-4 text-center text-slate-500 text-sm">Drop widgets here</p>
                    ) : null}
                    {section.widgets.map((widget, index) => {
                      const active = state.selection.widgetId === widget.id
                      const label = widgetLabels[widget.type]
                      return (
                        // biome-ignore lint/a11y/noStaticElementInteractions: dragging reorders; the buttons inside are the keyboard way
                        <div
                          key={widget.id}
                          data-widget-index={index}
                          draggable
                          onDragStart={(e) => {
                            e.stopPropagation()
                            e.dataTransfer.setData(MOVE_WIDGET, widget.id)
                            e.dataTransfer.effectAllowed = 'move'
                          }}
                          onClick={(e) => {
                            e.stopPropagation()
                            dispatch({ type: 'select', sectionId: section.id, widgetId: widget.id })
                          }}
                          onKeyDown={(e) => onWidgetKeyDown(e, widget)}
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
                              onClick={(e) => {
                                e.stopPropagation()
                                dispatch({ type: 'select', sectionId: section.id, widgetId: widget.id })
                              }}
                              className="rounded bg-slate-200 px-1.5 py-0.5 text-slate-700 aria-pressed:bg-teal-700 aria-pressed:text-white focus-visible:outline-3 focus-visible:outline-teal-600"
                            >
                              {label}
                            </button>
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
                                    e.currentTarget
                                      .closest('[data-section-id]')
                                      ?.querySelector<HTMLElement>('button')
                                      ?.focus()
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
                      )
                    })}
                  </div>
                )
              })
            )}
          </div>
        </div>

        <BuilderInspector
          selected={selected}
          selectedSection={selectedSection}
          sectionName={sectionName}
          dispatch={dispatch}
        />
      </div>
    </section>
  )
}
