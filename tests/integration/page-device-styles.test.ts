import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { insertPage } from '../support/factories.ts'
import { expectError, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const MOBILE = '@media (max-width: 767.98px)'
const TABLET = '@media (max-width: 1023.98px)'

const section = (widgets: unknown[], styles: Record<string, string> = {}) => ({
  sections: [{ id: 's1', styles, widgets }],
})

describe(`per-device styles on ${testDialect}`, () => {
  let app: TestApp
  let editor: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    editor = await createSignedInAdmin(app, { role: 'editor' })
  })
  afterAll(async () => {
    await app?.close()
  })

  const publicHtml = async (slug: string) => {
    const response = await app.request(`/${slug}`)
    expect(response.status).toBe(200)
    return response.text()
  }

  it("renders a saved page's per-device sizes and visibility as media-query CSS on the public page", async () => {
    await ok(
      await editor.post('/api/admin/pages', {
        title: 'Per device',
        slug: 'per-device',
        isPublished: true,
        content: section(
          [
            {
              id: 'h1',
              type: 'heading',
              content: { text: 'Check your claim', level: 2 },
              styles: {
                fontSize: '40px',
                fontSizeTablet: '32px',
                fontSizeMobile: '24px',
                paddingMobile: '0 8px',
              },
            },
            {
              id: 'b1',
              type: 'button',
              content: { text: 'Start', link: '/' },
              styles: { fontSizeMobile: '14px' },
            },
            {
              id: 't1',
              type: 'text',
              content: { text: '<p>Desktop only</p>' },
              styles: { hideMobile: 'true' },
            },
          ],
          { paddingMobile: '16px' },
        ),
      }),
      201,
    )
    const html = await publicHtml('per-device')
    // The desktop value stays in the element's own style; the narrower devices' override it.
    expect(html).toMatch(/<h2 style="font-size:40px">Check your claim<\/h2>/)
    expect(html).toContain(`<style>${TABLET}{[data-widget-id="h1"] > *{font-size:32px !important}}`)
    expect(html).toContain(
      `${MOBILE}{[data-widget-id="h1"] > *{font-size:24px !important;padding:0 8px !important}}`,
    )
    // A button's styles sit on its link, and so do its per-device ones.
    expect(html).toContain(`${MOBILE}{[data-widget-id="b1"] > p > a{font-size:14px !important}}`)
    expect(html).toContain(`${MOBILE}{[data-widget-id="t1"]{display:none !important}}`)
    expect(html).toContain(`${MOBILE}{[data-section-id="s1"]{padding:16px !important}}`)

    // The API's rendered HTML (the same blocks) carries the same CSS.
    const api = await ok(await app.request('/api/pages/per-device'))
    expect(api.html).toContain(
      `${MOBILE}{[data-widget-id="h1"] > *{font-size:24px !important;padding:0 8px !important}}`,
    )
  })

  it('renders a page saved before per-device values exactly as before: no media queries', async () => {
    await insertPage(app.database.db, {
      slug: 'plain-styles',
      title: 'Plain styles',
      isPublished: true,
      content: section([
        {
          id: 'h1',
          type: 'heading',
          content: { text: 'Old heading', level: 2 },
          styles: { fontSize: '2rem', padding: '12px 24px' },
        },
      ]),
    })
    await app.services.site.changed()
    const html = await publicHtml('plain-styles')
    expect(html).toMatch(/<h2 style="font-size:2rem;padding:12px 24px">Old heading<\/h2>/)
    expect(html).not.toContain('[data-widget-id="h1"]')
  })

  it('refuses per-device values the Style Panel could not have made, and stores nothing', async () => {
    for (const styles of [
      { fontSizeMobile: '24px;} body{display:none' },
      { fontSizeTablet: '-4px' },
      { paddingMobile: 'calc(1px)' },
      { hideMobile: 'yes' },
    ]) {
      await expectError(
        await editor.post('/api/admin/pages', {
          title: 'Bad',
          slug: 'bad-device-styles',
          content: section([{ id: 'h1', type: 'heading', content: { text: 'x' }, styles }]),
        }),
        400,
        /Content style: Section 1, widget 1, (fontSize|padding|hide)/,
      )
    }
    const listed = await ok(await editor.get('/api/admin/pages'))
    expect(JSON.stringify(listed)).not.toContain('bad-device-styles')
  })
})
