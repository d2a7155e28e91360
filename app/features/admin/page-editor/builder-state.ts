import { blockModels } from '../../../../core/blocks/models.ts'
import {
  type BuilderContent,
  builderDefaults,
  type Section,
  type Widget,
  type WidgetStyles,
  type WidgetType,
} from '../../../../core/page-content.ts'
import { isSafeStyleValue } from '../../../../core/page-styles.ts'
import type { FactCondition } from '../../../../core/site-facts.ts'

/**
 * The visual builder's state: the content being built, what is selected, and the history that
 * undo and redo walk. Pure, so every rule here is unit tested (builder-state.test.ts).
 */
export type Selection = { sectionId: string | null; widgetId: string | null }
export type BuilderState = {
  past: BuilderContent[]
  present: BuilderContent
  future: BuilderContent[]
  selection: Selection
  /** The last edit that may merge with the next one (typing in one field is one undo step). */
  mergeKey: string | null
}

export type BuilderAction =
  | { type: 'addSection' }
  /** A copy of `section` (a saved one) after `afterSectionId`, or at the end; the copy is selected. */
  | { type: 'insertSection'; section: Pick<Section, 'styles' | 'widgets'>; afterSectionId?: string | null }
  | { type: 'deleteSection'; sectionId: string }
  | { type: 'addWidget'; widgetType: WidgetType; sectionId?: string | null; index?: number }
  | { type: 'moveWidget'; widgetId: string; sectionId: string; index: number }
  | { type: 'moveWidgetBy'; widgetId: string; offset: -1 | 1 }
  | { type: 'deleteWidget'; widgetId: string }
  | { type: 'select'; sectionId: string | null; widgetId: string | null }
  | { type: 'updateContent'; widgetId: string; patch: Record<string, unknown> }
  /** Shown only while a site fact is set or empty (core/site-facts.ts); undefined: always. */
  | { type: 'setVisibility'; widgetId: string; visibility: FactCondition | undefined }
  /** The evidence items the block's figures cite (core/compliance-review.ts); empty: none. */
  | { type: 'setCites'; widgetId: string; cites: string[] }
  | {
      type: 'updateStyle'
      target: 'widget' | 'section'
      id: string
      field: keyof WidgetStyles
      value: string
    }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; content: BuilderContent }

const HISTORY_LIMIT = 100

let counter = 0
/** Ids unique within a page; random enough that two tabs editing one page rarely collide. */
export function newId(prefix: string): string {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}${counter}`
}

export function initialBuilderState(content: BuilderContent): BuilderState {
  const first = content.sections[0]
  return {
    past: [],
    present: content,
    future: [],
    selection: { sectionId: first?.id ?? null, widgetId: null },
    mergeKey: null,
  }
}

export function createWidget(type: WidgetType, section?: WidgetStyles): Widget {
  const defaults = builderDefaults[type]
  const styles = { ...defaults.styles }
  // Added to a section with its own text colour (a dark one), the widget takes that colour instead
  // of its default, unless the widget brings its own background (a button).
  const ink = [section?.color, section?.textColor].find((c) => c && isSafeStyleValue('color', c))
  if (ink && !styles.backgroundColor && blockModels[type].styles.includes('color')) {
    delete styles.textColor
    styles.color = ink
  }
  return { id: newId('w'), type, content: structuredClone(defaults.content), styles } as Widget
}

/** A copy of a section with fresh ids for it and each widget, so one section can go in many times. */
export function copySection(section: Pick<Section, 'styles' | 'widgets'>): Section {
  return {
    id: newId('s'),
    styles: { ...section.styles },
    widgets: section.widgets.map((widget) => ({ ...structuredClone(widget), id: newId('w') })),
  }
}

export function findWidget(content: BuilderContent, widgetId: string | null) {
  if (!widgetId) return null
  for (const section of content.sections) {
    const index = section.widgets.findIndex((w) => w.id === widgetId)
    if (index >= 0) return { section, index, widget: section.widgets[index] as Widget }
  }
  return null
}

const mapSection = (
  content: BuilderContent,
  id: string,
  change: (s: Section) => Section,
): BuilderContent => ({
  sections: content.sections.map((s) => (s.id === id ? change(s) : s)),
})

/** A new present: the old one goes on the undo stack (or merges with the last edit). */
function commit(
  state: BuilderState,
  present: BuilderContent,
  selection: Selection = state.selection,
  mergeKey: string | null = null,
): BuilderState {
  const merge = mergeKey !== null && mergeKey === state.mergeKey
  return {
    past: merge ? state.past : [...state.past, state.present].slice(-HISTORY_LIMIT),
    present,
    future: [],
    selection,
    mergeKey,
  }
}

/** Keeps the selection pointing at things that exist. */
function validSelection(content: BuilderContent, selection: Selection): Selection {
  const found = findWidget(content, selection.widgetId)
  if (found) return { sectionId: found.section.id, widgetId: found.widget.id }
  const section = content.sections.find((s) => s.id === selection.sectionId) ?? content.sections.at(-1)
  return { sectionId: section?.id ?? null, widgetId: null }
}

/** A widget with its content patched: now the operator's own, no longer a template's sample. */
function edited(widget: Widget, patch: Record<string, unknown>): Widget {
  const { placeholder: _sample, ...rest } = widget
  return { ...rest, content: { ...widget.content, ...patch } } as Widget
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  const content = state.present
  switch (action.type) {
    case 'addSection': {
      const section: Section = { id: newId('s'), widgets: [], styles: {} }
      return commit(
        state,
        { sections: [...content.sections, section] },
        { sectionId: section.id, widgetId: null },
      )
    }
    case 'insertSection': {
      const section = copySection(action.section)
      const after = content.sections.findIndex((s) => s.id === action.afterSectionId)
      const index = after >= 0 ? after + 1 : content.sections.length
      const sections = [...content.sections.slice(0, index), section, ...content.sections.slice(index)]
      return commit(state, { sections }, { sectionId: section.id, widgetId: null })
    }
    case 'deleteSection': {
      if (!content.sections.some((s) => s.id === action.sectionId)) return state
      const next = { sections: content.sections.filter((s) => s.id !== action.sectionId) }
      // SPEC section 4: deleting a section clears the selected widget.
      return commit(state, next, validSelection(next, { sectionId: null, widgetId: null }))
    }
    case 'addWidget': {
      let sections = content.sections
      let sectionId = action.sectionId ?? state.selection.sectionId
      if (!sections.some((s) => s.id === sectionId)) sectionId = sections.at(-1)?.id ?? null
      if (!sectionId) {
        // Dropping onto an empty page starts its first section.
        sectionId = newId('s')
        sections = [...sections, { id: sectionId, widgets: [], styles: {} }]
      }
      const widget = createWidget(action.widgetType, sections.find((s) => s.id === sectionId)?.styles)
      const next = {
        sections: sections.map((s) => {
          if (s.id !== sectionId) return s
          const index = Math.min(Math.max(action.index ?? s.widgets.length, 0), s.widgets.length)
          return { ...s, widgets: [...s.widgets.slice(0, index), widget, ...s.widgets.slice(index)] }
        }),
      }
      // SPEC section 4: a dropped widget becomes the selected one.
      return commit(state, next, { sectionId, widgetId: widget.id })
    }
    case 'moveWidget': {
      const found = findWidget(content, action.widgetId)
      if (!found || !content.sections.some((s) => s.id === action.sectionId)) return state
      const without = mapSection(content, found.section.id, (s) => ({
        ...s,
        widgets: s.widgets.filter((w) => w.id !== action.widgetId),
      }))
      // An index counted before the widget was taken out shifts by one within its own section.
      const shift = found.section.id === action.sectionId && action.index > found.index ? 1 : 0
      const next = mapSection(without, action.sectionId, (s) => {
        const index = Math.min(Math.max(action.index - shift, 0), s.widgets.length)
        return { ...s, widgets: [...s.widgets.slice(0, index), found.widget, ...s.widgets.slice(index)] }
      })
      if (JSON.stringify(next) === JSON.stringify(content)) return state
      return commit(state, next, { sectionId: action.sectionId, widgetId: action.widgetId })
    }
    case 'moveWidgetBy': {
      const found = findWidget(content, action.widgetId)
      if (!found) return state
      const sectionIndex = content.sections.indexOf(found.section)
      const target = found.index + action.offset
      if (target >= 0 && target < found.section.widgets.length) {
        const index = action.offset > 0 ? target + 1 : target
        return builderReducer(state, {
          type: 'moveWidget',
          widgetId: action.widgetId,
          sectionId: found.section.id,
          index,
        })
      }
      // Past the first or last widget: into the neighbouring section, at its near end.
      const neighbour = content.sections[sectionIndex + action.offset]
      if (!neighbour) return state
      return builderReducer(state, {
        type: 'moveWidget',
        widgetId: action.widgetId,
        sectionId: neighbour.id,
        index: action.offset > 0 ? 0 : neighbour.widgets.length,
      })
    }
    case 'deleteWidget': {
      const found = findWidget(content, action.widgetId)
      if (!found) return state
      const next = mapSection(content, found.section.id, (s) => ({
        ...s,
        widgets: s.widgets.filter((w) => w.id !== action.widgetId),
      }))
      return commit(state, next, { sectionId: found.section.id, widgetId: null })
    }
    case 'select':
      return { ...state, selection: validSelection(content, action), mergeKey: null }
    case 'updateContent': {
      const found = findWidget(content, action.widgetId)
      if (!found) return state
      const next = mapSection(content, found.section.id, (s) => ({
        ...s,
        widgets: s.widgets.map((w) => (w.id === action.widgetId ? edited(w, action.patch) : w)),
      }))
      return commit(
        state,
        next,
        state.selection,
        `content:${action.widgetId}:${Object.keys(action.patch).join(',')}`,
      )
    }
    case 'setVisibility': {
      const found = findWidget(content, action.widgetId)
      if (!found) return state
      const next = mapSection(content, found.section.id, (s) => ({
        ...s,
        widgets: s.widgets.map((w) => {
          if (w.id !== action.widgetId) return w
          const { visibility: _previous, ...rest } = w
          return (action.visibility ? { ...rest, visibility: action.visibility } : rest) as Widget
        }),
      }))
      return commit(state, next, state.selection)
    }
    case 'setCites': {
      const found = findWidget(content, action.widgetId)
      if (!found) return state
      const next = mapSection(content, found.section.id, (s) => ({
        ...s,
        widgets: s.widgets.map((w) => {
          if (w.id !== action.widgetId) return w
          const { cites: _previous, ...rest } = w
          return (action.cites.length ? { ...rest, cites: action.cites } : rest) as Widget
        }),
      }))
      return commit(state, next, state.selection)
    }
    case 'updateStyle': {
      const apply = (styles: WidgetStyles): WidgetStyles => {
        const out = { ...styles }
        if (action.value === '') delete out[action.field]
        else out[action.field] = action.value
        return out
      }
      let next: BuilderContent
      if (action.target === 'section') {
        if (!content.sections.some((s) => s.id === action.id)) return state
        next = mapSection(content, action.id, (s) => ({ ...s, styles: apply(s.styles) }))
      } else {
        const found = findWidget(content, action.id)
        if (!found) return state
        next = mapSection(content, found.section.id, (s) => ({
          ...s,
          widgets: s.widgets.map((w) => (w.id === action.id ? { ...w, styles: apply(w.styles) } : w)),
        }))
      }
      return commit(state, next, state.selection, `style:${action.id}:${action.field}`)
    }
    case 'undo': {
      const previous = state.past.at(-1)
      if (!previous) return state
      return {
        past: state.past.slice(0, -1),
        present: previous,
        future: [state.present, ...state.future],
        selection: validSelection(previous, state.selection),
        mergeKey: null,
      }
    }
    case 'redo': {
      const [next, ...rest] = state.future
      if (!next) return state
      return {
        past: [...state.past, state.present],
        present: next,
        future: rest,
        selection: validSelection(next, state.selection),
        mergeKey: null,
      }
    }
    case 'reset':
      return initialBuilderState(action.content)
  }
}
