import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { expectError, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

describe(`page editing on ${testDialect}`, () => {
  let app: TestApp
  let editor: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    editor = await createSignedInAdmin(app, { role: 'editor' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('sanitises HTML on save: hostile markup never reaches the database', async () => {
    const page = await ok(
      await editor.post('/api/admin/pages', {
        title: 'Hostile',
        slug: 'hostile-html',
        content:
          '<p onmouseover="steal()">Hi</p><script>alert(1)</script><a href="javascript:alert(2)">x</a>',
      }),
      201,
    )
    expect(page.content).toBe('<p>Hi</p><a>x</a>')
    const updated = await ok(
      await editor.put(`/api/admin/pages/${page.id}`, {
        content: {
          sections: [
            {
              id: 's1',
              styles: {},
              widgets: [
                {
                  id: 'w',
                  type: 'text',
                  content: { text: '<b>ok</b><iframe src="https://evil.example"></iframe>' },
                },
              ],
            },
          ],
        },
      }),
    )
    expect(updated.content).toEqual({
      sections: [
        { id: 's1', styles: {}, widgets: [{ id: 'w', type: 'text', content: { text: '<b>ok</b>' } }] },
      ],
    })
  })

  it('previews unsaved content as the public page reads it: sanitised, in the block model', async () => {
    const preview = await ok(
      await editor.post('/api/admin/pages/preview', {
        content: {
          sections: [
            {
              id: 's1',
              styles: { backgroundColor: '#f0f0f0' },
              widgets: [
                {
                  id: 'a',
                  type: 'text',
                  content: { text: '<b>ok</b><script>alert(1)</script>' },
                  styles: { color: '#b91c1c', bogus: 'x' },
                },
                { id: 'b', type: 'form', content: {}, styles: {} },
                { id: 'c', type: 'marquee', content: {} },
              ],
            },
          ],
        },
      }),
    )
    expect(preview).toEqual({
      content: {
        sections: [
          {
            id: 's1',
            styles: { backgroundColor: '#f0f0f0' },
            widgets: [
              { id: 'a', type: 'text', content: { text: '<b>ok</b>' }, styles: { color: '#b91c1c' } },
              { id: 'b', type: 'form', content: { title: 'Check your claim' }, styles: {} },
            ],
          },
        ],
      },
    })
    await expectError(await editor.post('/api/admin/pages/preview', { content: 42 }), 400)
  })

  it('a published builder page renders its widgets, styles and the real lead form at /{slug}', async () => {
    await ok(
      await editor.post('/api/admin/pages', {
        title: 'Campaign',
        slug: 'campaign-form',
        isPublished: true,
        content: {
          sections: [
            {
              id: 's1',
              styles: {},
              widgets: [
                { id: 'a', type: 'heading', content: { text: 'Were you mis-sold?', level: 2 }, styles: {} },
                { id: 'b', type: 'form', content: { title: 'Check your claim' }, styles: {} },
              ],
            },
          ],
        },
      }),
      201,
    )
    const response = await app.request('/campaign-form')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<h2>Were you mis-sold?</h2>')
    expect(html).toContain('Check your claim')
    // The questionnaire's first question, as a plain form that works without JavaScript.
    const form = html.match(/<form[^>]*>/)?.[0] ?? ''
    expect(form).toContain('method="post"')
    expect(form).toContain('action="/?index"')
    expect(html).toContain('name="answers.hadPcpFinance"')
  })
})
