import { describe, expect, it } from 'vitest'
import { sanitizeStoredContent } from './content.server.ts'

describe('sanitizeStoredContent', () => {
  it('sanitises HTML strings and the HTML inside text and column widgets, keeping the shape', () => {
    expect(sanitizeStoredContent('<p onclick="x()">Hi</p><script>1</script>')).toBe('<p>Hi</p>')
    const stored = sanitizeStoredContent({
      sections: [
        {
          id: 's',
          extra: 1,
          widgets: [
            { id: 'a', type: 'text', content: { text: '<i>ok</i><script>bad()</script>' } },
            { id: 'b', type: 'columns', content: { columns: 2, texts: ['<img src=x onerror=y>', 'fine'] } },
            { id: 'c', type: 'testimonial', content: { text: 'Tom & Jerry <3', author: 'A' } },
          ],
        },
      ],
      v: 2,
    })
    expect(stored).toEqual({
      sections: [
        {
          id: 's',
          extra: 1,
          widgets: [
            { id: 'a', type: 'text', content: { text: '<i>ok</i>' } },
            { id: 'b', type: 'columns', content: { columns: 2, texts: ['<img src="x" />', 'fine'] } },
            // Rendered escaped, so stored as typed.
            { id: 'c', type: 'testimonial', content: { text: 'Tom & Jerry <3', author: 'A' } },
          ],
        },
      ],
      v: 2,
    })
    expect(sanitizeStoredContent({ blocks: [{ type: 'paragraph', text: '<b>x</b>' }] })).toEqual({
      blocks: [{ type: 'paragraph', text: '<b>x</b>' }],
    })
  })

  it('stores links with a target and embeds with the safe rel and referrer policy', () => {
    const stored = sanitizeStoredContent({
      widgets: [
        {
          id: 'a',
          type: 'text',
          content: {
            text: '<a href="https://x.example" target="_blank" rel="opener">x</a><iframe src="https://player.vimeo.com/video/1" referrerpolicy="unsafe-url"></iframe>',
          },
        },
        { id: 'b', type: 'columns', content: { columns: 2, texts: ['<a href="/a" target="w">a</a>', ''] } },
      ],
    }) as { widgets: { content: { text?: string; texts?: string[] } }[] }
    expect(stored.widgets[0]?.content.text).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a><iframe src="https://player.vimeo.com/video/1" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    )
    expect(stored.widgets[1]?.content.texts?.[0]).toBe(
      '<a href="/a" target="w" rel="noopener noreferrer">a</a>',
    )
  })
})
