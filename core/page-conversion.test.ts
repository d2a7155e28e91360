import { describe, expect, it } from 'vitest'
import { blocksToRichText, hasNoWidgets, placeholderWidgets, richTextToBlocks } from './page-conversion.ts'
import { findPageTemplate } from './page-templates.ts'

const ids = () => {
  let n = 0
  return (prefix: string) => `${prefix}${++n}`
}

describe('converting between the rich-text and block editors', () => {
  it('turns rich text into one Text block, losing nothing', () => {
    const html = '<h2>Claims</h2><p>Some <strong>bold</strong> words</p>'
    expect(richTextToBlocks(html, ids())).toEqual({
      sections: [
        { id: 's1', styles: {}, widgets: [{ id: 'w2', type: 'text', content: { text: html }, styles: {} }] },
      ],
    })
    expect(richTextToBlocks('  ', ids())).toEqual({ sections: [] })
  })

  it('round-trips rich text through blocks unchanged', () => {
    const html = '<p>One <a href="https://example.org">link</a></p><ul><li>item</li></ul>'
    expect(blocksToRichText(richTextToBlocks(html, ids()))).toEqual({ content: html, lost: [] })
  })

  it('keeps the words, links and images of each widget, escaped, in page order', () => {
    const { content, lost } = blocksToRichText({
      sections: [
        {
          id: 's',
          styles: {},
          widgets: [
            { id: 'h', type: 'heading', content: { text: 'A <b> heading', level: 3 }, styles: {} },
            { id: 't', type: 'text', content: { text: '<p>Body</p>' }, styles: {} },
            { id: 'b', type: 'button', content: { text: 'Go', link: 'javascript:alert(1)' }, styles: {} },
            { id: 'i', type: 'image', content: { src: '/a.png', alt: 'A "car"', width: '100%' }, styles: {} },
            { id: 'q', type: 'testimonial', content: { text: 'Great', author: 'Sam' }, styles: {} },
            { id: 'd', type: 'divider', content: {}, styles: {} },
          ],
        },
      ],
    })
    expect(content).toBe(
      '<h3>A &lt;b&gt; heading</h3><p>Body</p><p><a>Go</a></p><p><img src="/a.png" alt="A &quot;car&quot;"></p>' +
        '<blockquote><p>Great</p><p>Sam</p></blockquote><hr>',
    )
    expect(lost).toEqual(['Buttons (kept as links)'])
  })

  it('names what rich text cannot hold: the form, spacers and every style', () => {
    const { content, lost } = blocksToRichText({
      sections: [
        {
          id: 's',
          styles: { backgroundColor: '#000000' },
          widgets: [
            { id: 'f', type: 'form', content: { title: '' }, styles: {} },
            { id: 'p', type: 'spacer', content: { height: '40px' }, styles: {} },
            { id: 'p2', type: 'spacer', content: { height: '40px' }, styles: {} },
            { id: 't', type: 'text', content: { text: '<p>x</p>' }, styles: { color: '#ff0000' } },
          ],
        },
      ],
    })
    expect(content).toBe('<p>x</p>')
    expect(lost).toEqual(['Section styles', 'Contact Form widgets', 'Spacer widgets', 'Widget styles'])
  })

  it('reads widget-list content and rich text as well', () => {
    expect(
      blocksToRichText({ widgets: [{ id: 'w', type: 'text', content: { text: '<p>a</p>' }, styles: {} }] }),
    ).toEqual({
      content: '<p>a</p>',
      lost: [],
    })
    expect(blocksToRichText('<p>as is</p>')).toEqual({ content: '<p>as is</p>', lost: [] })
  })

  it('knows when switching loses nothing: no widgets, or no text', () => {
    expect(hasNoWidgets({ sections: [] })).toBe(true)
    expect(hasNoWidgets({ sections: [{ id: 's', styles: {}, widgets: [] }] })).toBe(true)
    expect(hasNoWidgets({ widgets: [] })).toBe(true)
    expect(hasNoWidgets('  ')).toBe(true)
    expect(hasNoWidgets('<p>x</p>')).toBe(false)
    expect(
      hasNoWidgets({
        sections: [{ id: 's', styles: {}, widgets: [{ id: 'd', type: 'divider', content: {}, styles: {} }] }],
      }),
    ).toBe(false)
  })
})

describe('placeholder content', () => {
  it('finds the template sample content marked as placeholder, by data', () => {
    const landing = findPageTemplate('campaign-landing')?.content
    expect(placeholderWidgets(landing)).toEqual([
      { id: 'trust-testimonial', type: 'testimonial', label: 'Testimonial', section: 3 },
    ])
    expect(placeholderWidgets(findPageTemplate('simple-content')?.content)).toHaveLength(1)
  })

  it('ignores the same words without the mark, and any non-true mark', () => {
    const testimonial = findPageTemplate('campaign-landing')?.content.sections[2]?.widgets[0]
    expect(placeholderWidgets({ widgets: [{ ...testimonial, placeholder: undefined }] })).toEqual([])
    expect(placeholderWidgets({ widgets: [{ ...testimonial, placeholder: 'yes' }] })).toEqual([])
    expect(placeholderWidgets('<p>Customer name</p>')).toEqual([])
  })
})
