import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findPageTemplate } from '../../core/page-templates.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { expectError, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const landing = findPageTemplate('campaign-landing')
if (!landing) throw new Error('the campaign landing template is missing')

/** The landing template's content with its sample testimonial written over (the mark cleared). */
function edited() {
  const content = structuredClone(landing?.content) as NonNullable<typeof landing>['content']
  for (const section of content.sections) {
    for (const widget of section.widgets) {
      if (widget.type === 'testimonial') {
        widget.content = { text: 'They found my claim in minutes.', author: 'Jo, Leeds' }
        delete widget.placeholder
      }
    }
  }
  return content
}

describe(`publishing template sample content, and hiding the title, on ${testDialect}`, () => {
  let app: TestApp
  let editor: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    editor = await createSignedInAdmin(app, { role: 'editor' })
  })
  afterAll(async () => {
    await app?.close()
  })

  const pageCount = async (slug: string) =>
    (await app.database.db.selectFrom('page').select('id').where('slug', '=', slug).execute()).length

  it('refuses to create a published page holding placeholder content until it is confirmed', async () => {
    const body = { title: 'Landing', slug: 'guard-create', content: landing.content, isPublished: true }
    const refused = await editor.post('/api/admin/pages', body)
    expect(refused.status).toBe(409)
    const conflict = (await refused.json()) as Record<string, unknown>
    expect(conflict).toEqual({
      message: expect.stringMatching(
        /^This page still holds template sample content: Testimonial in Section 3\./,
      ),
      code: 'placeholder-content',
      placeholders: [{ id: 'trust-testimonial', type: 'testimonial', label: 'Testimonial', section: 3 }],
    })
    expect(await pageCount('guard-create')).toBe(0)

    const page = await ok(await editor.post('/api/admin/pages', { ...body, confirmPlaceholders: true }), 201)
    expect(page.isPublished).toBe(true)
    expect(page).not.toHaveProperty('confirmPlaceholders')
    // The mark is stored with the content: a later save still knows the sample is there.
    expect(JSON.stringify(page.content)).toContain('"placeholder":true')
    expect((await app.request('/guard-create')).status).toBe(200)
  })

  it('saves a draft freely, and asks when a save publishes it or changes what it shows', async () => {
    const draft = await ok(
      await editor.post('/api/admin/pages', {
        title: 'Draft',
        slug: 'guard-draft',
        content: landing.content,
      }),
      201,
    )
    const url = `/api/admin/pages/${draft.id}`
    // A draft may hold sample content and be saved as often as wanted.
    await ok(await editor.put(url, { title: 'Draft again', content: landing.content }))

    const publish = await editor.put(url, { isPublished: true })
    expect(publish.status).toBe(409)
    expect(((await publish.json()) as { code: string }).code).toBe('placeholder-content')
    expect((await app.request('/guard-draft')).status).toBe(404)

    await ok(await editor.put(url, { isPublished: true, confirmPlaceholders: true }))
    expect((await app.request('/guard-draft')).status).toBe(200)
    // A published page's title alone changes without a question; its content does not.
    await ok(await editor.put(url, { title: 'Renamed' }))
    expect((await editor.put(url, { content: landing.content })).status).toBe(409)
    // Once the sample is replaced, publishing needs no confirmation.
    const saved = await ok(await editor.put(url, { content: edited() }))
    expect(JSON.stringify(saved.content)).not.toContain('placeholder')
  })

  it('publishes the same words without the mark: the check is the data, not the text', async () => {
    const content = structuredClone(landing.content)
    for (const section of content.sections) for (const widget of section.widgets) delete widget.placeholder
    await ok(
      await editor.post('/api/admin/pages', {
        title: 'Plain',
        slug: 'guard-plain',
        content,
        isPublished: true,
      }),
      201,
    )
  })

  it('refuses a confirmation that is not a boolean, and a confirmation alone', async () => {
    await expectError(
      await editor.post('/api/admin/pages', {
        title: 'Bad',
        slug: 'guard-bad',
        content: '',
        confirmPlaceholders: 'yes',
      }),
      400,
      /confirmPlaceholders must be true or false/,
    )
    const page = await ok(await editor.post('/api/admin/pages', { title: 'Only', slug: 'guard-only' }), 201)
    await expectError(
      await editor.put(`/api/admin/pages/${page.id}`, { confirmPlaceholders: true }),
      400,
      'Nothing to update',
    )
  })

  it('stores "hide title heading" and the public page shows the title to screen readers only', async () => {
    const shown = await ok(
      await editor.post('/api/admin/pages', {
        title: 'Shown title',
        slug: 'title-shown',
        content: '<p>Body</p>',
        isPublished: true,
      }),
      201,
    )
    expect(shown.hideTitle).toBe(false)
    const html = await (await app.request('/title-shown')).text()
    expect(html).toMatch(/<h1 class="font-extrabold[^"]*">Shown title<\/h1>/)

    const hidden = await ok(await editor.put(`/api/admin/pages/${shown.id}`, { hideTitle: true }))
    expect(hidden.hideTitle).toBe(true)
    expect((await ok(await editor.get(`/api/admin/pages/${shown.id}`))).hideTitle).toBe(true)
    const after = await (await app.request('/title-shown')).text()
    expect(after).toContain('<h1 class="sr-only">Shown title</h1>')
    expect(after).toContain('<p>Body</p>')

    await expectError(
      await editor.put(`/api/admin/pages/${shown.id}`, { hideTitle: 'yes' }),
      400,
      /hideTitle must be true or false/,
    )
  })
})
