import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { hashTrustedScripts } from '../../server/platform/index.ts'
import { Island, scriptJson } from './island.tsx'

const hostile = { title: '</script><script>alert(1)</script><!--', n: 1 }

describe('scriptJson', () => {
  it('leaves no "<" that could close the data block, and parses back to the same value', () => {
    const body = scriptJson(hostile)
    expect(body).not.toContain('<')
    expect(JSON.parse(body)).toEqual(hostile)
  })
})

describe('Island with a data prop', () => {
  const Probe = ({ data, label }: { data: typeof hostile; label: string }) =>
    createElement('p', null, `${label}: ${data.title}`)
  const html = renderToStaticMarkup(
    createElement(Island<{ data: typeof hostile; label: string }>, {
      name: 'questionnaire',
      component: Probe,
      props: { data: hostile, label: 'x' },
      dataProp: 'data',
    }),
  )

  it('sends the prop as a JSON data block just before the wrapper, not in its attribute', () => {
    const block = /^<script type="application\/json" data-island-data="data">([^<]*)<\/script><div /.exec(
      html,
    )
    expect(block).not.toBeNull()
    expect(JSON.parse(block?.[1] ?? '')).toEqual(hostile)
    expect(html).toContain('data-props="{&quot;label&quot;:&quot;x&quot;}" data-data-prop="data"')
  })

  it('is left alone by the hash-based CSP: a data block never runs', () => {
    expect(hashTrustedScripts(html)).toEqual({ html, sources: [] })
  })
})
