import { describe, expect, it } from 'vitest'
import { takesEnquiries, toBuilderContent, unconvertibleVariants } from './convertible.ts'

const form = { id: 'f', type: 'form', content: { title: 'Check' }, styles: {} }
const heading = { id: 'h', type: 'heading', content: { text: 'Hi', level: 2 }, styles: {} }
const withForm = { sections: [{ id: 's', styles: {}, widgets: [heading, form] }] }
const withoutForm = { sections: [{ id: 's', styles: {}, widgets: [heading] }] }

describe('variants that could never convert', () => {
  it.each([
    [withForm, true],
    [withoutForm, false],
    [{ widgets: [form] }, true],
    ['<p>HTML has no form</p>', false],
    ['', false],
    [null, false],
  ])('takesEnquiries(%j) is %s', (content, expected) => {
    expect(takesEnquiries(content)).toBe(expected)
  })

  it('names CMS variants without a contact form, a variant without content being the page', () => {
    const variants = [{ name: 'A' }, { name: 'B', content: withoutForm }, { name: 'C', content: withForm }]
    expect(unconvertibleVariants('/guide', variants, withForm)).toEqual(['B'])
    expect(unconvertibleVariants('/guide', variants, '<p>old page</p>')).toEqual(['A', 'B'])
    expect(unconvertibleVariants('/', [{ name: 'A' }, { name: 'B' }], '')).toEqual([])
    // A home variant's own blocks must hold the questionnaire (or a contact form) too.
    const withQuestionnaire = {
      sections: [
        { id: 's', styles: {}, widgets: [{ id: 'q', type: 'questionnaire', content: {}, styles: {} }] },
      ],
    }
    expect(
      unconvertibleVariants(
        '/',
        [{ name: 'A' }, { name: 'B', content: withoutForm }, { name: 'C', content: withQuestionnaire }],
        '',
      ),
    ).toEqual(['B'])
  })
})

describe('toBuilderContent', () => {
  it('keeps sections, wraps a widget list and HTML in one section', () => {
    expect(toBuilderContent(withForm)).toEqual(withForm)
    expect(toBuilderContent({ widgets: [heading] }).sections[0]?.widgets).toEqual([heading])
    const html = toBuilderContent('<p>Old variant</p>')
    expect(html.sections[0]?.widgets[0]).toMatchObject({
      type: 'text',
      content: { text: '<p>Old variant</p>' },
    })
    expect(toBuilderContent('  ')).toEqual({ sections: [] })
  })
})
