import { describe, expect, it } from 'vitest'
import { diffLines, diffPages, htmlLines, type PageVersion } from './page-diff.ts'

const version = (over: Partial<PageVersion>): PageVersion => ({
  title: 'Claims',
  slug: 'claims',
  metaDescription: null,
  metaKeywords: null,
  targetKeyword: null,
  ogTitle: null,
  ogDescription: null,
  content: '',
  ...over,
})

const heading = (id: string, text: string) => ({ id, type: 'heading', content: { text, level: 2 } })
const text = (id: string, html: string) => ({ id, type: 'text', content: { text: html } })

describe('page diff', () => {
  it('lists the fields that changed, empty and null alike', () => {
    const diff = diffPages(
      version({ title: 'Old', metaDescription: '' }),
      version({ title: 'New', metaDescription: null, ogTitle: 'Share me' }),
    )
    expect(diff.fields).toEqual([
      { field: 'title', label: 'Title', before: 'Old', after: 'New' },
      { field: 'ogTitle', label: 'Social title', before: null, after: 'Share me' },
    ])
  })

  it('compares block content by block: added, removed and changed, with their text', () => {
    const before = {
      widgets: [heading('a', 'Welcome'), text('b', '<p>Old <b>words</b></p>'), heading('c', 'Gone')],
    }
    const after = {
      sections: [
        {
          id: 's',
          styles: {},
          widgets: [heading('a', 'Welcome'), text('b', '<p>New words</p>'), heading('d', 'Fresh')],
        },
      ],
    }
    const diff = diffPages(version({ content: before }), version({ content: after }))
    expect(diff.lines).toBeNull()
    expect(diff.blocks).toEqual([
      { change: 'changed', id: 'b', type: 'text', before: 'Old words', after: 'New words' },
      { change: 'added', id: 'd', type: 'heading', before: null, after: 'Fresh' },
      { change: 'removed', id: 'c', type: 'heading', before: 'Gone', after: null },
    ])
  })

  it('reads a system page block through its model’s fields: words, not anchors or choices', () => {
    const steps = (title: string) => ({
      id: 's1',
      type: 'steps',
      content: {
        anchor: 'how-it-works',
        heading: 'How it works',
        items: [{ title, text: 'We check your agreement.' }],
        noteTitle: '',
        note: '<p>No win, <em>no fee</em>.</p>',
        layout: 'band',
      },
    })
    const policy = {
      id: 'p1',
      type: 'policy',
      content: {
        numbered: 'yes',
        sections: [{ anchor: 'cookies', title: 'Cookies', body: '<p>We use <b>two</b>.</p>', action: '' }],
      },
    }
    const diff = diffPages(
      version({ content: { widgets: [steps('Answer questions'), policy] } }),
      version({ content: { widgets: [steps('Tell us about your car')] } }),
    )
    expect(diff.blocks).toEqual([
      {
        change: 'changed',
        id: 's1',
        type: 'steps',
        before: 'How it works · Answer questions — We check your agreement. · No win, no fee.',
        after: 'How it works · Tell us about your car — We check your agreement. · No win, no fee.',
      },
      { change: 'removed', id: 'p1', type: 'policy', before: 'Cookies — We use two.', after: null },
    ])
  })

  it('compares HTML pages as lines of text', () => {
    const diff = diffPages(
      version({ content: '<h2>Title</h2><p>One &amp; two</p><p>Three</p>' }),
      version({ content: '<h2>Title</h2><p>Three</p><p>Four</p>' }),
    )
    expect(diff.blocks).toBeNull()
    expect(diff.lines).toEqual([
      { change: 'same', text: 'Title' },
      { change: 'removed', text: 'One & two' },
      { change: 'same', text: 'Three' },
      { change: 'added', text: 'Four' },
    ])
  })

  it('reads an editor change as lines of each version’s text', () => {
    const diff = diffPages(
      version({ content: '<p>Hello</p>' }),
      version({ content: { widgets: [heading('a', 'Hello')] } }),
    )
    expect(diff.lines).toEqual([{ change: 'same', text: 'Hello' }])
  })

  it('splits HTML at block ends and line breaks', () => {
    expect(htmlLines('<p>a<br>b</p><ul><li>c</li></ul>')).toEqual(['a', 'b', 'c'])
    expect(diffLines([], ['x'])).toEqual([{ change: 'added', text: 'x' }])
  })
})
