import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { RichTextEditor } from './rich-text-editor.tsx'

describe('RichTextEditor on the server', () => {
  it('imports and renders without a DOM: the toolbar, and room for the editor made in the browser', () => {
    expect(typeof document).toBe('undefined')
    const html = renderToString(createElement(RichTextEditor, { value: '<p>Hello</p>', onChange: () => {} }))
    expect(html).toContain('role="toolbar"')
    expect(html).toContain('aria-label="Formatting"')
    expect(html).toContain('Code View')
    expect(html).toContain('min-h-[300px]')
  })
})
