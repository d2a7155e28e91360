import { describe, expect, it } from 'vitest'
import {
  type BuilderAction,
  type BuilderState,
  builderReducer,
  initialBuilderState,
} from './builder-state.ts'

const run = (...actions: BuilderAction[]) =>
  actions.reduce<BuilderState>(builderReducer, initialBuilderState({ sections: [] }))

const types = (state: BuilderState) => state.present.sections.map((s) => s.widgets.map((w) => w.type))

describe('visual builder state', () => {
  it('stores a widget’s visibility rule with it, clears it, and undoes the change', () => {
    let state = run({ type: 'addSection' }, { type: 'addWidget', widgetType: 'heading' })
    const widgetId = state.selection.widgetId ?? ''
    const rule = { fact: 'schemeStatus', when: 'set' } as const
    state = builderReducer(state, { type: 'setVisibility', widgetId, visibility: rule })
    expect(state.present.sections[0]?.widgets[0]?.visibility).toEqual(rule)
    state = builderReducer(state, { type: 'setVisibility', widgetId, visibility: undefined })
    expect(state.present.sections[0]?.widgets[0]).not.toHaveProperty('visibility')
    state = builderReducer(state, { type: 'undo' })
    expect(state.present.sections[0]?.widgets[0]?.visibility).toEqual(rule)
  })

  it('stores the evidence a widget cites with it, and clears it', () => {
    let state = run({ type: 'addSection' }, { type: 'addWidget', widgetType: 'text' })
    const widgetId = state.selection.widgetId ?? ''
    state = builderReducer(state, { type: 'setCites', widgetId, cites: ['widespread-impact'] })
    expect(state.present.sections[0]?.widgets[0]?.cites).toEqual(['widespread-impact'])
    state = builderReducer(state, { type: 'setCites', widgetId, cites: [] })
    expect(state.present.sections[0]?.widgets[0]).not.toHaveProperty('cites')
  })

  it('adds sections and drops widgets into the selected one, selecting the new widget', () => {
    const state = run({ type: 'addSection' }, { type: 'addWidget', widgetType: 'heading' })
    const [section] = state.present.sections
    expect(section?.widgets).toHaveLength(1)
    expect(section?.widgets[0]).toMatchObject({
      type: 'heading',
      content: { text: 'Your Heading Here', level: 2 },
      styles: { fontSize: '2rem', fontWeight: '600', color: '#1f2937' },
    })
    expect(state.selection).toEqual({ sectionId: section?.id, widgetId: section?.widgets[0]?.id })
  })

  it('gives a widget added to a section with a text colour that colour, not its default', () => {
    let state = run({ type: 'addSection' })
    const id = state.present.sections[0]?.id ?? ''
    for (const [field, value] of [
      ['backgroundColor', '#0f172a'],
      ['color', '#f8fafc'],
    ] as const) {
      state = builderReducer(state, { type: 'updateStyle', target: 'section', id, field, value })
    }
    state = builderReducer(state, { type: 'addWidget', widgetType: 'heading' })
    state = builderReducer(state, { type: 'addWidget', widgetType: 'button' })
    const [heading, button] = state.present.sections[0]?.widgets ?? []
    expect(heading?.styles.color).toBe('#f8fafc')
    // A button brings its own background, and keeps its own text colour on it.
    expect(button?.styles.color).toBe('#ffffff')
  })

  it('starts a section when a widget is added to an empty page', () => {
    const state = run({ type: 'addWidget', widgetType: 'button' })
    expect(types(state)).toEqual([['button']])
    expect(state.present.sections[0]?.widgets[0]?.content).toEqual({ text: 'Click Me', link: '#' })
  })

  it('inserts at a drop position and reorders within and across sections', () => {
    let state = run(
      { type: 'addSection' },
      { type: 'addWidget', widgetType: 'text' },
      { type: 'addWidget', widgetType: 'image' },
      { type: 'addWidget', widgetType: 'heading', index: 0 },
    )
    expect(types(state)).toEqual([['heading', 'text', 'image']])
    const heading = state.present.sections[0]?.widgets[0]?.id as string
    state = builderReducer(state, { type: 'moveWidgetBy', widgetId: heading, offset: 1 })
    expect(types(state)).toEqual([['text', 'heading', 'image']])
    state = builderReducer(state, { type: 'moveWidgetBy', widgetId: heading, offset: 1 })
    expect(types(state)).toEqual([['text', 'image', 'heading']])
    state = builderReducer(state, { type: 'moveWidgetBy', widgetId: heading, offset: 1 })
    expect(types(state)).toEqual([['text', 'image', 'heading']])
    state = builderReducer(state, { type: 'addSection' })
    state = builderReducer(state, { type: 'moveWidgetBy', widgetId: heading, offset: 1 })
    expect(types(state)).toEqual([['text', 'image'], ['heading']])
    const section = state.present.sections[0]?.id as string
    state = builderReducer(state, { type: 'moveWidget', widgetId: heading, sectionId: section, index: 1 })
    expect(types(state)).toEqual([['text', 'heading', 'image'], []])
  })

  it('deleting a section clears the selected widget', () => {
    let state = run({ type: 'addSection' }, { type: 'addWidget', widgetType: 'text' })
    expect(state.selection.widgetId).not.toBeNull()
    state = builderReducer(state, {
      type: 'deleteSection',
      sectionId: state.present.sections[0]?.id as string,
    })
    expect(state.present.sections).toEqual([])
    expect(state.selection).toEqual({ sectionId: null, widgetId: null })
  })

  it('undoes and redoes every change, and a new change clears the redo stack', () => {
    let state = run({ type: 'addSection' }, { type: 'addWidget', widgetType: 'text' })
    const widgetId = state.selection.widgetId as string
    state = builderReducer(state, {
      type: 'updateStyle',
      target: 'widget',
      id: widgetId,
      field: 'color',
      value: '#ff0000',
    })
    state = builderReducer(state, { type: 'undo' })
    expect(state.present.sections[0]?.widgets[0]?.styles).toEqual({})
    state = builderReducer(state, { type: 'redo' })
    expect(state.present.sections[0]?.widgets[0]?.styles).toEqual({ color: '#ff0000' })
    state = builderReducer(state, { type: 'undo' })
    state = builderReducer(state, { type: 'undo' })
    expect(types(state)).toEqual([[]])
    state = builderReducer(state, { type: 'addWidget', widgetType: 'divider' })
    expect(state.future).toEqual([])
    expect(builderReducer(state, { type: 'redo' })).toBe(state)
  })

  it('typing in one field is one undo step; another field starts a new one', () => {
    let state = run({ type: 'addSection' }, { type: 'addWidget', widgetType: 'text' })
    const widgetId = state.selection.widgetId as string
    for (const text of ['H', 'He', 'Hel', 'Hello']) {
      state = builderReducer(state, { type: 'updateContent', widgetId, patch: { text } })
    }
    state = builderReducer(state, {
      type: 'updateStyle',
      target: 'widget',
      id: widgetId,
      field: 'fontSize',
      value: '18px',
    })
    state = builderReducer(state, { type: 'undo' })
    expect(state.present.sections[0]?.widgets[0]?.content).toEqual({ text: 'Hello' })
    state = builderReducer(state, { type: 'undo' })
    expect(state.present.sections[0]?.widgets[0]?.content).toEqual({ text: 'Edit this text...' })
  })

  it("editing a template sample's content clears its placeholder mark; styling does not; undo restores it", () => {
    const sample = {
      styles: {},
      widgets: [
        {
          id: 'q',
          type: 'testimonial' as const,
          content: { text: 'Sample', author: 'Name' },
          styles: {},
          placeholder: true as const,
        },
      ],
    }
    let state = run({ type: 'insertSection', section: sample })
    const widgetId = state.present.sections[0]?.widgets[0]?.id as string
    state = builderReducer(state, {
      type: 'updateStyle',
      target: 'widget',
      id: widgetId,
      field: 'color',
      value: 'red',
    })
    expect(state.present.sections[0]?.widgets[0]?.placeholder).toBe(true)
    state = builderReducer(state, { type: 'updateContent', widgetId, patch: { text: 'A real quote' } })
    expect(state.present.sections[0]?.widgets[0]).not.toHaveProperty('placeholder')
    expect(state.present.sections[0]?.widgets[0]?.content).toEqual({ text: 'A real quote', author: 'Name' })
    state = builderReducer(state, { type: 'undo' })
    expect(state.present.sections[0]?.widgets[0]?.placeholder).toBe(true)
  })

  it('an empty style value removes the style; section styles are their own', () => {
    let state = run({ type: 'addSection' }, { type: 'addWidget', widgetType: 'heading' })
    const widgetId = state.selection.widgetId as string
    const sectionId = state.selection.sectionId as string
    state = builderReducer(state, {
      type: 'updateStyle',
      target: 'widget',
      id: widgetId,
      field: 'color',
      value: '',
    })
    expect(state.present.sections[0]?.widgets[0]?.styles).toEqual({ fontSize: '2rem', fontWeight: '600' })
    state = builderReducer(state, {
      type: 'updateStyle',
      target: 'section',
      id: sectionId,
      field: 'backgroundColor',
      value: '#eeeeee',
    })
    expect(state.present.sections[0]?.styles).toEqual({ backgroundColor: '#eeeeee' })
  })
})

describe('inserting a saved section', () => {
  const saved = {
    styles: { backgroundColor: '#0f172a' },
    widgets: [
      { id: 'w1', type: 'heading', content: { text: 'Hero', level: 2 }, styles: { color: '#ffffff' } },
      { id: 'w2', type: 'text', content: { text: '<p>Body</p>' }, styles: {} },
    ] as const,
  }
  const section = { styles: saved.styles, widgets: saved.widgets.map((w) => structuredClone(w)) }
  const widgetIds = (state: BuilderState) => state.present.sections.flatMap((s) => s.widgets.map((w) => w.id))

  it('puts a copy after the selected section, or at the end, with fresh ids each time', () => {
    let state = run({ type: 'addSection' }, { type: 'addSection' })
    const [first, second] = state.present.sections.map((s) => s.id)
    state = builderReducer(state, { type: 'insertSection', section, afterSectionId: first })
    const inserted = state.present.sections[1]
    expect(state.present.sections.map((s) => s.id)).toEqual([first, inserted?.id, second])
    expect(inserted?.styles).toEqual({ backgroundColor: '#0f172a' })
    expect(inserted?.widgets.map((w) => [w.type, w.content])).toEqual([
      ['heading', { text: 'Hero', level: 2 }],
      ['text', { text: '<p>Body</p>' }],
    ])
    expect(state.selection).toEqual({ sectionId: inserted?.id, widgetId: null })

    state = builderReducer(state, { type: 'insertSection', section, afterSectionId: null })
    expect(state.present.sections).toHaveLength(4)
    expect(state.present.sections.at(-1)?.widgets.map((w) => w.type)).toEqual(['heading', 'text'])
    const ids = widgetIds(state)
    expect(ids).toHaveLength(4)
    expect(new Set(ids).size).toBe(4)
    expect(ids).not.toContain('w1')
    expect(new Set(state.present.sections.map((s) => s.id)).size).toBe(4)
  })

  it('leaves the saved section untouched when the copy is edited', () => {
    let state = run({ type: 'insertSection', section })
    const widget = state.present.sections[0]?.widgets[0]
    state = builderReducer(state, {
      type: 'updateContent',
      widgetId: widget?.id as string,
      patch: { text: 'Changed' },
    })
    expect(section.widgets[0]?.content).toEqual({ text: 'Hero', level: 2 })
  })

  it('is one undo step, and redo puts the same copy back', () => {
    let state = run({ type: 'addSection' })
    const before = state.present
    state = builderReducer(state, { type: 'insertSection', section })
    const after = state.present
    state = builderReducer(state, { type: 'undo' })
    expect(state.present).toEqual(before)
    state = builderReducer(state, { type: 'redo' })
    expect(state.present).toEqual(after)
  })
})
