import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SavedSection } from '../../core/schemas/saved-sections.ts'
import { createBuyerAccount } from '../../server/identity/index.ts'
import {
  type AdminClient,
  apiClient,
  createSignedInAdmin,
  DEFAULT_PASSWORD,
  signIn,
  uniqueEmail,
} from '../support/admin-client.ts'
import { expectError, ok } from '../support/http.ts'
import { insertBuyer } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const BASE = '/api/admin/saved-sections'

const hero = {
  styles: { backgroundColor: '#0f172a', padding: '48px 24px' },
  widgets: [
    {
      id: 'w1',
      type: 'heading',
      content: { text: 'Check your claim', level: 2 },
      styles: { color: '#ffffff' },
    },
    { id: 'w2', type: 'text', content: { text: '<p>It takes two minutes.</p>' }, styles: {} },
    { id: 'w3', type: 'button', content: { text: 'Start', link: '#check' }, styles: {} },
  ],
}

describe(`saved sections on ${testDialect}`, () => {
  let app: TestApp
  let editor: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    editor = await createSignedInAdmin(app, { role: 'editor' })
  })
  afterAll(async () => {
    await app?.close()
  })

  const save = async (name: string, section: unknown = hero) =>
    (await ok(await editor.post(BASE, { name, section }), 201)) as unknown as SavedSection

  const count = async () =>
    Number(
      (
        await app.database.db
          .selectFrom('savedSection')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('saves a section, lists it by name, renames it and deletes it, each audited', async () => {
    const saved = await save('Zebra hero')
    expect(saved).toMatchObject({ name: 'Zebra hero', createdBy: editor.id })
    expect(saved.section.styles).toEqual(hero.styles)
    expect(saved.section.widgets.map((w) => w.type)).toEqual(['heading', 'text', 'button'])
    expect(saved.section.widgets[0]).toMatchObject({ content: { text: 'Check your claim', level: 2 } })
    const other = await save('Alpha footer')

    const list = (await ok(await editor.get(BASE))) as unknown as SavedSection[]
    const names = list.map((s) => s.name)
    expect(names.indexOf('Alpha footer')).toBeLessThan(names.indexOf('Zebra hero'))
    expect(list.find((s) => s.id === saved.id)?.section).toEqual(saved.section)

    const renamed = await ok(await editor.put(`${BASE}/${saved.id}`, { name: '  Campaign hero  ' }))
    expect(renamed).toMatchObject({ id: saved.id, name: 'Campaign hero', section: saved.section })

    expect(await ok(await editor.del(`${BASE}/${other.id}`))).toEqual({
      message: 'Saved section deleted',
      id: other.id,
    })
    await expectError(await editor.del(`${BASE}/${other.id}`), 404, 'Saved section not found')
    await expectError(
      await editor.put(`${BASE}/${other.id}`, { name: 'Gone' }),
      404,
      'Saved section not found',
    )

    const entries = await app.database.db
      .selectFrom('auditLog')
      .select(['action', 'entityId'])
      .where('entity', '=', 'saved_section')
      .where('entityId', 'in', [String(saved.id), String(other.id)])
      .orderBy('id')
      .execute()
    expect(entries.map((e) => e.action)).toEqual([
      'saved_section.create',
      'saved_section.create',
      'saved_section.update',
      'saved_section.delete',
    ])
  })

  it('refuses a name already taken, whatever its case, on save and on rename (409)', async () => {
    const first = await save('Trust points')
    const before = await count()
    await expectError(
      await editor.post(BASE, { name: 'TRUST POINTS', section: hero }),
      409,
      'A saved section with this name already exists',
    )
    expect(await count()).toBe(before)
    const second = await save('Trust points 2')
    await expectError(
      await editor.put(`${BASE}/${second.id}`, { name: 'trust points' }),
      409,
      'A saved section with this name already exists',
    )
    expect(first.id).not.toBe(second.id)
  })

  it('refuses an empty name, a section without widgets, and one too large (400)', async () => {
    const before = await count()
    await expectError(await editor.post(BASE, { name: '   ', section: hero }), 400, /name/i)
    await expectError(
      await editor.post(BASE, { name: 'Empty', section: { widgets: [] } }),
      400,
      /at least one widget/,
    )
    await expectError(await editor.post(BASE, { name: 'No section' }), 400)
    // Widgets of no known type are dropped on reading: nothing would be left to insert.
    await expectError(
      await editor.post(BASE, { name: 'Unknown', section: { widgets: [{ type: 'marquee', content: {} }] } }),
      400,
      /at least one widget/,
    )
    const big = { widgets: [{ type: 'text', content: { text: `<p>${'x'.repeat(120_000)}</p>` } }] }
    await expectError(await editor.post(BASE, { name: 'Huge', section: big }), 400, /too large/)
    await expectError(await editor.put(`${BASE}/1`, { name: '' }), 400, /name/i)
    expect(await count()).toBe(before)
  })

  it('sanitises HTML in text and column widgets as page content is', async () => {
    const saved = await save('Scripted', {
      widgets: [
        {
          type: 'text',
          content: {
            text: '<p onclick="steal()">Hello<script>alert(1)</script><img src=x onerror=alert(2)></p>',
          },
        },
        { type: 'columns', content: { columns: 2, texts: ['<b>One</b><script>x()</script>', 'Two'] } },
      ],
    })
    const [text, columns] = saved.section.widgets
    expect(text?.type).toBe('text')
    const html = text?.type === 'text' ? text.content.text : ''
    expect(html).toContain('Hello')
    expect(html).not.toMatch(/script|onclick|onerror|alert/)
    expect(columns?.type === 'columns' ? columns.content.texts : []).toEqual(['<b>One</b>', 'Two'])
    const stored = await app.database.db
      .selectFrom('savedSection')
      .select('section')
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow()
    expect(JSON.stringify(stored.section)).not.toMatch(/<script|onclick|onerror/)
  })

  it('answers 401 to nobody and 403 to a buyer account, changing nothing', async () => {
    const kept = await save('Kept')
    const anonymous = apiClient(app, '')
    for (const response of [
      await anonymous.get(BASE),
      await anonymous.post(BASE, { name: 'Anon', section: hero }),
      await anonymous.put(`${BASE}/${kept.id}`, { name: 'Anon' }),
      await anonymous.del(`${BASE}/${kept.id}`),
    ]) {
      await expectError(response, 401, 'Please sign in to continue')
    }
    const buyer = await insertBuyer(app.database.db, { isActive: false, namedInConsent: false })
    const email = uniqueEmail('buyer-account')
    await createBuyerAccount(app.database.db, buyer.id, { email, password: DEFAULT_PASSWORD })
    const client = apiClient(app, await signIn(app, email, DEFAULT_PASSWORD))
    for (const response of [
      await client.get(BASE),
      await client.post(BASE, { name: 'Buyer', section: hero }),
      await client.put(`${BASE}/${kept.id}`, { name: 'Buyer' }),
      await client.del(`${BASE}/${kept.id}`),
    ]) {
      expect(response.status).toBe(403)
    }
    const row = await app.database.db
      .selectFrom('savedSection')
      .select('name')
      .where('id', '=', kept.id)
      .executeTakeFirstOrThrow()
    expect(row.name).toBe('Kept')
  })
})
