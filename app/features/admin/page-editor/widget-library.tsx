import { Trash2 } from 'lucide-react'
import { type DragEvent, useState } from 'react'
import {
  fontSizes,
  libraryWidgetTypes,
  textAligns,
  type Widget,
  type WidgetListContent,
  type WidgetStyles,
} from '../../../../core/page-content.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Select } from '../../../components/ui/field.tsx'
import { cn } from '../../../lib/cn.ts'
import { BlockFields } from '../../blocks/fields/block-fields.tsx'
import { blocks, type LibraryWidgetType, libraryDefaults } from '../../blocks/registry.ts'
import { newId } from './builder-state.ts'
import { ColourInput } from './style-panel.tsx'
import { WidgetView } from './widget-view.tsx'

type LibraryType = LibraryWidgetType
// SPEC section 2 names the library's text widget "Text Block"; the others keep their block's label.
const names: Record<LibraryType, string> = {
  text: 'Text Block',
  heading: blocks.heading.label,
  image: blocks.image.label,
  video: blocks.video.label,
}
const LIBRARY_WIDGET = 'application/x-library-widget'

function createLibraryWidget(type: LibraryType): Widget {
  const defaults = libraryDefaults[type]
  return {
    id: newId('w'),
    type,
    content: structuredClone(defaults.content),
    styles: { ...defaults.styles },
  } as Widget
}

/**
 * The widget-library builder on the Edit screen (SPEC section 2): four widgets dragged (or added
 * with Enter) into a flat list; select one to edit it in the settings panel, or remove it.
 */
export function WidgetLibrary({
  value,
  onChange,
}: {
  value: WidgetListContent
  onChange: (content: WidgetListContent) => void
}) {
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const widgets = value.widgets
  const selected = widgets.find((w) => w.id === selectedId) ?? null

  const add = (type: LibraryType, index = widgets.length) => {
    const widget = createLibraryWidget(type)
    onChange({ widgets: [...widgets.slice(0, index), widget, ...widgets.slice(index)] })
    setSelectedId(widget.id)
  }
  const update = (id: string, change: (w: Widget) => Widget) =>
    onChange({ widgets: widgets.map((w) => (w.id === id ? change(w) : w)) })
  const setStyle = (field: keyof WidgetStyles, v: string) =>
    selected &&
    update(selected.id, (w) => {
      const styles = { ...w.styles }
      if (v === '') delete styles[field]
      else styles[field] = v
      return { ...w, styles }
    })
  const setContent = (patch: Record<string, unknown>) =>
    selected && update(selected.id, (w) => ({ ...w, content: { ...w.content, ...patch } }) as Widget)

  // The library's own style controls (SPEC section 2), shown when the block offers the style.
  const offers = (field: keyof WidgetStyles) =>
    selected !== null && (blocks[selected.type].styles as readonly string[]).includes(field)

  const onDrop = (event: DragEvent) => {
    const type = event.dataTransfer.getData(LIBRARY_WIDGET) as LibraryType
    if (!libraryWidgetTypes.includes(type)) return
    event.preventDefault()
    const frame = (event.target as HTMLElement).closest<HTMLElement>('[data-widget-index]')
    add(type, frame ? Number(frame.dataset.widgetIndex) : widgets.length)
  }

  return (
    <section
      aria-label="Widget library builder"
      className="grid gap-4 lg:grid-cols-[12rem_minmax(0,1fr)_16rem]"
    >
      <div>
        <h3 className="mb-2 font-semibold text-navy-900 text-sm">Widget Library</h3>
        <p id="library-hint" className="mb-2 text-slate-600 text-xs">
          Drag a widget into the page, or press Enter on it to add it at the end.
        </p>
        <ul className="grid grid-cols-2 gap-1.5 lg:grid-cols-1">
          {libraryWidgetTypes.map((type) => (
            <li key={type}>
              <button
                type="button"
                draggable
                aria-describedby="library-hint"
                onDragStart={(e) => {
                  e.dataTransfer.setData(LIBRARY_WIDGET, type)
                  e.dataTransfer.setData('text/plain', names[type])
                  e.dataTransfer.effectAllowed = 'copy'
                }}
                onClick={() => add(type)}
                className="w-full cursor-grab rounded-md border border-slate-300 bg-white px-2 py-1.5 text-left text-sm hover:border-teal-600 focus-visible:outline-3 focus-visible:outline-teal-600"
              >
                {names[type]}
              </button>
            </li>
          ))}
        </ul>
      </div>

      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the library buttons are the keyboard way */}
      <div
        data-testid="widget-list"
        onDragOver={(e) => e.dataTransfer.types.includes(LIBRARY_WIDGET) && e.preventDefault()}
        onDrop={onDrop}
        className="min-h-64 rounded-lg border-2 border-slate-300 border-dashed bg-white p-3"
      >
        {widgets.length === 0 ? (
          <p className="p-8 text-center text-slate-500 text-sm">Drag widgets here to build the page</p>
        ) : (
          <ol className="grid gap-2">
            {widgets.map((widget, index) => {
              const active = widget.id === selectedId
              const name = names[widget.type as LibraryType] ?? widget.type
              return (
                <li
                  key={widget.id}
                  data-widget-index={index}
                  className={cn('rounded border-2 p-2', active ? 'border-teal-600' : 'border-slate-200')}
                >
                  <div className="mb-1 flex items-center gap-2">
                    <button
                      type="button"
                      aria-pressed={active}
                      onClick={() => setSelectedId(widget.id)}
                      className="rounded bg-slate-200 px-2 py-0.5 text-slate-700 text-xs aria-pressed:bg-teal-700 aria-pressed:text-white focus-visible:outline-3 focus-visible:outline-teal-600"
                    >
                      {name} {index + 1}
                    </button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="ml-auto"
                      aria-label={`Remove ${name} ${index + 1}`}
                      onClick={() => {
                        onChange({ widgets: widgets.filter((w) => w.id !== widget.id) })
                        if (active) setSelectedId(null)
                      }}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </Button>
                  </div>
                  <WidgetView widget={widget} />
                </li>
              )
            })}
          </ol>
        )}
      </div>

      <aside aria-label="Widget settings" className="grid content-start gap-3">
        <h3 className="font-semibold text-navy-900 text-sm">Settings</h3>
        {!selected ? (
          <p className="text-slate-600 text-sm">Select a widget to edit it.</p>
        ) : (
          <>
            <BlockFields
              // A widget's own fields: its text's undo never reaches another widget's.
              key={selected.id}
              ownUndo
              fields={blocks[selected.type].fields}
              content={selected.content}
              onPatch={setContent}
            />
            {offers('textAlign') ? (
              <Field label="Text alignment">
                {(c) => (
                  <Select
                    {...c}
                    value={selected.styles.textAlign ?? 'left'}
                    onChange={(e) => setStyle('textAlign', e.target.value)}
                  >
                    {textAligns.map((a) => (
                      <option key={a} value={a}>
                        {a[0]?.toUpperCase()}
                        {a.slice(1)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            ) : null}
            {offers('textColor') ? (
              <ColourInput
                label="Text color"
                field="textColor"
                styles={selected.styles}
                onChange={setStyle}
              />
            ) : null}
            {offers('backgroundColor') ? (
              <ColourInput
                label="Background color"
                field="backgroundColor"
                styles={selected.styles}
                onChange={setStyle}
              />
            ) : null}
            {offers('fontSize') ? (
              <Field label="Font size">
                {(c) => (
                  <Select
                    {...c}
                    value={selected.styles.fontSize ?? '16px'}
                    onChange={(e) => setStyle('fontSize', e.target.value)}
                  >
                    {fontSizes.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            ) : null}
          </>
        )}
      </aside>
    </section>
  )
}
