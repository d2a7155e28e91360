import { describe, expect, it } from 'vitest'
import {
  blockModels as blocks,
  builderDefaults,
  libraryDefaults,
  readPageContent,
  readWidget,
  widgetCategories,
} from './models.ts'
import { libraryWidgetTypes, widgetTypes } from './types.ts'

const read = (type: string, content?: unknown) => readWidget({ id: 'w', type, content })?.content

describe('the block models', () => {
  it('has one definition per widget type, each in one sidebar category', () => {
    expect(Object.keys(blocks).sort()).toEqual([...widgetTypes].sort())
    for (const type of widgetTypes) expect(blocks[type].type).toBe(type)
    expect(Object.values(widgetCategories).flat().sort()).toEqual([...widgetTypes].sort())
    expect(widgetCategories.Basic).toEqual([
      'text',
      'heading',
      'image',
      'video',
      'button',
      'spacer',
      'divider',
    ])
  })

  it('reads its own defaults back unchanged (a new widget survives a save)', () => {
    for (const type of widgetTypes) {
      expect(read(type, builderDefaults[type].content), type).toEqual(builderDefaults[type].content)
    }
    for (const type of libraryWidgetTypes) {
      expect(read(type, libraryDefaults[type].content), type).toEqual(libraryDefaults[type].content)
    }
    expect(libraryDefaults.text.content.text).toBe('This is a sample text block. Click to edit this content.')
  })

  it('gives missing fields their defaults', () => {
    expect(read('text')).toEqual({ text: 'Edit this text...' })
    expect(read('heading', {})).toEqual({ text: 'Your Heading Here', level: 2 })
    expect(read('image', {})).toEqual({ src: '', alt: '', width: '100%' })
    expect(read('video', {})).toEqual({ url: '' })
    expect(read('button', {})).toEqual({ text: 'Click Me', link: '#' })
    expect(read('spacer', {})).toEqual({ height: '40px' })
    expect(read('divider', { anything: 1 })).toEqual({})
    expect(read('form', {})).toEqual({ title: 'Check your claim' })
    expect(read('columns', {})).toEqual({ columns: 2, texts: ['', ''] })
    expect(read('gallery', {})).toEqual({ images: [] })
    expect(read('testimonial', {})).toEqual({
      text: 'A quote from a happy customer.',
      author: 'Customer name',
    })
    expect(read('menu', {})).toEqual({ links: [] })
  })

  it('coerces values it can and drops those it cannot', () => {
    expect(read('text', { text: 42 })).toEqual({ text: '42' })
    expect(read('heading', { text: 'H', level: '4' })).toEqual({ text: 'H', level: 4 })
    expect(read('heading', { text: 'H', level: 1 })).toEqual({ text: 'H', level: 1 })
    expect(read('heading', { text: 'H', level: 9 })).toEqual({ text: 'H', level: 6 })
    expect(read('heading', { text: 'H', level: 'x' })).toEqual({ text: 'H', level: 2 })
    expect(
      read('image', { src: '/a.png', alt: 3, width: '480px', pixelWidth: '640', pixelHeight: -1 }),
    ).toEqual({
      src: '/a.png',
      alt: '3',
      width: '480px',
      pixelWidth: 640,
    })
    expect(read('image', { width: 'calc(1px)' })).toMatchObject({ width: '100%' })
    expect(read('video', { src: 'https://cdn.example/v.mp4' })).toEqual({ url: 'https://cdn.example/v.mp4' })
    for (const height of ['40px', '1.5rem', '3em']) expect(read('spacer', { height })).toEqual({ height })
    expect(read('spacer', { height: '10vh;background:red' })).toEqual({ height: '40px' })
    expect(read('columns', { columns: '3', texts: ['a', 7] })).toEqual({ columns: 3, texts: ['a', '7', ''] })
    expect(read('columns', { columns: 12, texts: 'x' })).toEqual({ columns: 4, texts: ['', '', '', ''] })
    expect(
      read('gallery', {
        images: [{ src: '/1.png', alt: 'One', pixelWidth: 800, pixelHeight: 600 }, 'x', null],
      }),
    ).toEqual({ images: [{ src: '/1.png', alt: 'One', pixelWidth: 800, pixelHeight: 600 }] })
    expect(read('menu', { links: [{ text: 'Home', url: '/' }, 5, { text: 1 }] })).toEqual({
      links: [
        { text: 'Home', url: '/' },
        { text: '1', url: '' },
      ],
    })
  })

  it('reads stored pages tolerantly: unknown widgets and malformed parts are dropped', () => {
    expect(readPageContent('<p>x</p>')).toBe('<p>x</p>')
    expect(readPageContent(42)).toBe('')
    expect(readPageContent({ sections: 'nope' })).toEqual({ widgets: [] })
    expect(
      readPageContent({
        sections: [
          { widgets: [{ type: 'carousel' }, { type: 'divider', styles: { color: 3, bogus: 'x' } }] },
          'x',
        ],
      }),
    ).toEqual({
      sections: [
        {
          id: 's1',
          styles: {},
          widgets: [{ id: 'w2', type: 'divider', content: {}, styles: { color: '3' } }],
        },
      ],
    })
  })

  it('offers settings and style fields from each definition', () => {
    expect(blocks.spacer.styles).toEqual([])
    expect(blocks.heading.fields.map((f) => ('label' in f ? f.label : f.kind))).toEqual([
      'Heading text',
      'Heading level',
    ])
    const level = blocks.heading.fields[1]
    expect(level && 'hint' in level ? level.hint : '').toMatch(/title is already its H1/)
    const columns = blocks.columns.fields[0]
    if (columns?.kind !== 'select' || !columns.patch)
      throw new Error('columns count is a select with a patch')
    expect(columns.patch('3', { texts: ['<p>a</p>'] })).toEqual({
      columns: 3,
      texts: ['<p>a</p>', 'Column 2', 'Column 3'],
    })
  })

  it('reads the system blocks tolerantly: anchors as ids, lists of strings, known choices only', () => {
    const faq = blocks.faq.read({
      anchor: ' My FAQ! ',
      items: [{ question: 1, answer: null }, 'x', null],
    })
    expect(faq).toEqual({ anchor: 'my-faq', heading: '', items: [{ question: '1', answer: '' }] })
    expect(blocks.questionnaire.read({ anchor: '9x', phoneFirst: 'maybe' })).toMatchObject({
      anchor: 'calculator',
      phoneFirst: 'no',
    })
    const policy = blocks.policy.read({
      numbered: 'no',
      sections: [
        { title: 'A', action: 'format-disk' },
        { anchor: 'b', action: 'cookie-preferences' },
        { anchor: 'c', action: ' counting-choice ' },
      ],
    })
    expect(policy.numbered).toBe('no')
    expect(policy.sections.map((s) => [s.anchor, s.action])).toEqual([
      ['section-1', ''],
      ['b', 'cookie-preferences'],
      ['c', 'counting-choice'],
    ])
    expect(blocks.evidence.read({ items: [{ anchor: '' }] }).items[0]?.anchor).toBe('evidence-1')
    expect(blocks.stats.read({}).items).toEqual([])
  })
})
