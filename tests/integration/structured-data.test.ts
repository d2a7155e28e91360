import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decode, expectScriptsAllowedByHash } from '../support/html.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const text = (html: string) =>
  decode(html.replace(/<!-- -->/g, '').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim()

describe(`structured data on ${testDialect}`, () => {
  let app: TestApp

  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('the home page describes its FAQ as a schema.org FAQPage matching the questions it shows', async () => {
    // Twice: the render and the page cache's copy must both carry it.
    for (let i = 0; i < 2; i++) {
      const response = await app.request('/')
      expect(response.status).toBe(200)
      const html = await response.text()
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      expect(blocks).toHaveLength(1)
      const data = JSON.parse(blocks[0]?.[1] ?? '')
      expect(data['@context']).toBe('https://schema.org')
      expect(data['@type']).toBe('FAQPage')

      // The FAQ block's disclosures, in order (app/features/blocks/faq.tsx).
      const visible = [
        ...html.matchAll(
          /<details[^>]*>[\s\S]*?<h3>([\s\S]*?)<\/h3>[\s\S]*?<\/summary>([\s\S]*?)<\/details>/g,
        ),
      ].map((match) => ({ question: text(match[1] ?? ''), answer: text(match[2] ?? '') }))
      expect(visible).toHaveLength(6)
      expect(visible.every((item) => item.question && item.answer)).toBe(true)
      expect(data.mainEntity).toEqual(
        visible.map(({ question, answer }) => ({
          '@type': 'Question',
          name: question,
          acceptedAnswer: { '@type': 'Answer', text: answer },
        })),
      )
      // A data block: the page's scripts are still exactly those its CSP hashes allow.
      expectScriptsAllowedByHash(html, response.headers.get('content-security-policy') ?? '')
    }
  })
})
