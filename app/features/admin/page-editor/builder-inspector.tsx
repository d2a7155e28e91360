import type { Dispatch } from 'react'
import { widgetContrast } from '../../../../core/contrast.ts'
import type { Section, Widget } from '../../../../core/page-content.ts'
import type { Device } from '../../../../core/responsive-styles.ts'
import { blocks } from '../../blocks/registry.ts'
import { WidgetFields, WidgetVisibility, widgetLabels } from './builder-panels.tsx'
import type { BuilderAction } from './builder-state.ts'
import { WidgetReview } from './review-flags.tsx'
import { StylePanel } from './style-panel.tsx'

/** The builder's right panel: the selected widget's own fields and styles, or the section's styles. */
export function BuilderInspector({
  selected,
  selectedSection,
  sectionName,
  dispatch,
  device = 'desktop',
}: {
  selected: { widget: Widget; section: Section } | null
  selectedSection: Section | null
  sectionName: (section: Section) => string
  dispatch: Dispatch<BuilderAction>
  /** The canvas's device: the Style Panel edits its sizes. */
  device?: Device
}) {
  return (
    <aside
      aria-label="Style Panel"
      className="border-slate-200 border-t p-3 lg:overflow-y-auto lg:border-t-0 lg:border-l"
    >
      <h3 className="mb-3 font-semibold text-navy-900">Style Panel</h3>
      {selected ? (
        <div className="grid gap-4">
          <p className="text-slate-600 text-sm">
            {widgetLabels[selected.widget.type]} in {sectionName(selected.section)}
          </p>
          <div className="grid gap-3">
            <WidgetFields
              widget={selected.widget}
              onPatch={(patch) => dispatch({ type: 'updateContent', widgetId: selected.widget.id, patch })}
            />
            <WidgetVisibility
              value={selected.widget.visibility}
              onChange={(visibility) =>
                dispatch({ type: 'setVisibility', widgetId: selected.widget.id, visibility })
              }
            />
            <WidgetReview
              widget={selected.widget}
              onCites={(cites) => dispatch({ type: 'setCites', widgetId: selected.widget.id, cites })}
            />
          </div>
          <StylePanel
            styles={selected.widget.styles}
            fields={blocks[selected.widget.type].styles}
            device={device}
            contrast={
              blocks[selected.widget.type].styles.includes('color')
                ? widgetContrast(selected.widget, selected.section.styles, device)
                : null
            }
            onChange={(field, value) =>
              dispatch({ type: 'updateStyle', target: 'widget', id: selected.widget.id, field, value })
            }
          />
        </div>
      ) : selectedSection ? (
        <div className="grid gap-4">
          <p className="text-slate-600 text-sm">{sectionName(selectedSection)} style</p>
          <StylePanel
            styles={selectedSection.styles}
            device={device}
            // The section's own text on its own background, once it sets either.
            contrast={
              selectedSection.styles.backgroundColor ||
              selectedSection.styles.color ||
              selectedSection.styles.textColor
                ? widgetContrast({ type: 'text', styles: selectedSection.styles }, {}, device)
                : null
            }
            onChange={(field, value) =>
              dispatch({ type: 'updateStyle', target: 'section', id: selectedSection.id, field, value })
            }
          />
        </div>
      ) : (
        <p className="text-slate-600 text-sm">Select a widget or a section to style it.</p>
      )}
    </aside>
  )
}
