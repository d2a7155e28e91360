import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub, Meta } from 'react-router'
import { describe, expect, it } from 'vitest'
import { faqPageMeta } from './structured-data.ts'

/** The head React Router renders for a route whose meta is `descriptor`. */
function renderMeta(descriptor: ReturnType<typeof faqPageMeta>) {
  const Stub = createRoutesStub([
    { path: '/', meta: () => [descriptor], Component: () => createElement(Meta) },
  ])
  return renderToString(createElement(Stub, { initialEntries: ['/'] }))
}

describe('faqPageMeta', () => {
  it('renders a schema.org FAQPage with one Question and Answer per item', () => {
    const html = renderMeta(faqPageMeta([{ question: 'Is it free?', answer: 'Yes.' }]))
    const body = /<script type="application\/ld\+json">([\s\S]*)<\/script>/.exec(html)?.[1]
    expect(JSON.parse(body ?? 'null')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        { '@type': 'Question', name: 'Is it free?', acceptedAnswer: { '@type': 'Answer', text: 'Yes.' } },
      ],
    })
  })

  it('escapes markup so no text can close the script', () => {
    const question = '</script><script>alert(1)</script><!--'
    const answer = 'A & B > C'
    const html = renderMeta(faqPageMeta([{ question, answer }]))
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    expect(html).toContain('\\u003c/script\\u003e')
    const body = /<script type="application\/ld\+json">([\s\S]*)<\/script>/.exec(html)?.[1] ?? ''
    expect(body).not.toMatch(/[<>&]/)
    const parsed = JSON.parse(body)
    expect(parsed.mainEntity[0].name).toBe(question)
    expect(parsed.mainEntity[0].acceptedAnswer.text).toBe(answer)
  })
})
