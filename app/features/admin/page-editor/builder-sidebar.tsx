import { Plus, Trash2 } from 'lucide-react'
import type { Dispatch } from 'react'
import { type Section, type WidgetType, widgetCategories } from '../../../../core/page-content.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx'
import { widgetLabels } from './builder-panels.tsx'
import type { BuilderAction } from './builder-state.ts'

/** Dragged from here onto a section of the canvas (visual-builder.tsx reads it on drop). */
export const NEW_WIDGET = 'application/x-builder-widget'

/** The builder's left panel: widgets by category (drag, or Enter to add) and the section list. */
export function BuilderSidebar({
  sections,
  selectedSectionId,
  sectionName,
  onAdd,
  dispatch,
}: {
  sections: Section[]
  selectedSectionId: string | null
  sectionName: (section: Section) => string
  onAdd: (type: WidgetType) => void
  dispatch: Dispatch<BuilderAction>
}) {
  return (
    <aside
      aria-label="Widgets and sections"
      className="border-slate-200 border-b p-3 lg:border-r lg:border-b-0 lg:overflow-y-auto"
    >
      <Tabs defaultValue="widgets">
        <TabsList className="grid-cols-2" aria-label="Builder panel">
          <TabsTrigger value="widgets">Widgets</TabsTrigger>
          <TabsTrigger value="sections">Sections</TabsTrigger>
        </TabsList>
        <TabsContent value="widgets" className="mt-3 grid gap-3">
          <p id="widget-hint" className="text-slate-600 text-xs">
            Drag a widget onto a section, or select a section and press Enter on a widget to add it.
          </p>
          {Object.entries(widgetCategories).map(([category, types]) => (
            <div key={category}>
              <h3 className="mb-1 font-semibold text-slate-500 text-xs uppercase tracking-wide">
                {category}
              </h3>
              <ul className="grid grid-cols-2 gap-1.5 lg:grid-cols-1">
                {types.map((type) => (
                  <li key={type}>
                    <button
                      type="button"
                      draggable
                      aria-describedby="widget-hint"
                      onDragStart={(e) => {
                        e.dataTransfer.setData(NEW_WIDGET, type)
                        e.dataTransfer.setData('text/plain', widgetLabels[type])
                        e.dataTransfer.effectAllowed = 'copy'
                      }}
                      onClick={() => onAdd(type)}
                      className="w-full cursor-grab rounded-md border border-slate-300 bg-white px-2 py-1.5 text-left text-slate-800 text-sm hover:border-teal-600 focus-visible:outline-3 focus-visible:outline-teal-600"
                    >
                      {widgetLabels[type]}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </TabsContent>
        <TabsContent value="sections" className="mt-3 grid gap-2">
          <Button size="sm" onClick={() => dispatch({ type: 'addSection' })}>
            <Plus className="size-4" aria-hidden="true" />
            Add Section
          </Button>
          <ul className="grid gap-1.5">
            {sections.map((section) => (
              <li key={section.id} className="flex items-center gap-1">
                <button
                  type="button"
                  aria-pressed={selectedSectionId === section.id}
                  onClick={() => dispatch({ type: 'select', sectionId: section.id, widgetId: null })}
                  className="flex-1 rounded-md border border-slate-300 px-2 py-1.5 text-left text-sm aria-pressed:border-teal-700 aria-pressed:bg-teal-50 focus-visible:outline-3 focus-visible:outline-teal-600"
                >
                  {sectionName(section)}
                </button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${sectionName(section)}`}
                  onClick={() => dispatch({ type: 'deleteSection', sectionId: section.id })}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        </TabsContent>
      </Tabs>
    </aside>
  )
}
