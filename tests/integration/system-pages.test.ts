import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemPageContent } from '../../core/system-page-content.ts'
import { json, migrateToLatest, migrationProvider } from '../../server/platform/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { expectError, ok, type Row } from '../support/http.ts'
import { createTestDatabase, startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

type Stored = { sections: { id: string; widgets: { id: string; type: string; content: Row }[] }[] }

const widget = (content: Stored, type: string) => {
  const found = content.sections.flatMap((s) => s.widgets).find((w) => w.type === type)
  if (!found) throw new Error(`no ${type} block`)
  return found
}

describe(`system pages from blocks on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let second: AdminClient
  const page = async (slug: string) => {
    const pages = (await ok(await admin.get('/api/admin/pages'))) as unknown as Row[]
    const row = pages.find((p) => p.slug === slug)
    if (!row) throw new Error(`no ${slug} page`)
    return (await ok(await admin.get(`/api/admin/pages/${row.id}`))) as Row & { id: number; content: Stored }
  }
  const html = async (path: string) => {
    const response = await app.request(path)
    expect(response.status).toBe(200)
    return response.text()
  }

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
    second = await createSignedInAdmin(app, { role: 'admin' })
  })

  /** Saves `content`; a version the compliance review flags goes live once a second admin approves. */
  const publish = async (id: unknown, content: unknown) => {
    const response = await admin.put(`/api/admin/pages/${id}`, { content })
    if (response.status !== 202) return ok(response)
    const { publication } = (await response.json()) as { publication: { id: number } }
    return ok(await second.post(`/api/admin/pages/publications/${publication.id}/approve`, {}))
  }
  afterAll(async () => {
    await app?.close()
  })

  it('seeds each system page with its shipped blocks and renders the site from them', async () => {
    for (const slug of ['home', 'evidence', 'privacy-policy', 'cookie-policy', 'thank-you'] as const) {
      const row = await page(slug)
      expect(row.isSystem, slug).toBe(true)
      expect(row.content, slug).toEqual(systemPageContent[slug])
    }
    const home = await html('/')
    expect(home).toContain('<h1 id="hero-title"')
    expect(home).toContain('Were you overcharged on your car finance?')
    expect(home).toContain('<section id="calculator" tabindex="-1"')
    expect(home).toContain('data-island="questionnaire"')
    expect(home).toContain('>40M+</p>')
    // The FAQ without JavaScript: <details>, the first one open.
    expect(home.match(/<details /g)).toHaveLength(6)
    expect(home).toMatch(/<details open="" class="group"><summary[^>]*><h3>How much could I claim\?<\/h3>/)
    const evidence = await html('/evidence')
    expect(evidence).toContain('<article id="widespread-impact"')
    expect(evidence).toMatch(
      /href="https:\/\/www\.fca\.org\.uk[^"]*" target="_blank" rel="noopener noreferrer"/,
    )
    expect(await html('/privacy-policy')).toContain('1. About Our Service</h2>')
    const cookies = await html('/cookie-policy')
    expect(cookies).toContain('data-open-cookie-preferences')
    expect(cookies).toContain('<h2 id="cookies-browser"')
    const thanks = await html('/thank-you')
    expect(thanks).toContain('Thank you – we have received your enquiry</h1>')
    expect(thanks).toContain('A specialist will make contact within 24 hours.')
    expect(thanks).toContain('<h3 class="font-semibold text-navy-900">Review and match</h3>')
    expect(thanks).toContain('data-testid="withdraw-consent"')
    // Without its cookie, no reference (the page cache's copy is the same for everyone).
    expect(thanks).not.toContain('data-testid="enquiry-reference"')
  })

  it('shows the home FAQ, a statistic and a policy section as edited in the builder, sanitised', async () => {
    const home = await page('home')
    const content = structuredClone(home.content)
    const faq = widget(content, 'faq').content as { items: { question: string; answer: string }[] }
    faq.items[0] = {
      question: 'Edited question?',
      answer: '<p>Edited <em>answer</em></p><script>alert(1)</script>',
    }
    const stats = widget(content, 'stats').content as { items: { value: string; label: string }[] }
    stats.items[0] = { ...stats.items[0], value: '41M+', label: 'agreements edited' }
    // A figure the evidence does not hold is new to the live page: it waits for a second admin.
    const held = await admin.put(`/api/admin/pages/${home.id}`, { content })
    expect(held.status).toBe(202)
    expect(await html('/')).not.toContain('Edited question?')
    const { publication } = (await held.json()) as { publication: { id: number; flags: Row[] } }
    expect(publication.flags.map((flag) => flag.code)).toEqual(['figure-not-in-evidence'])
    await ok(await second.post(`/api/admin/pages/publications/${publication.id}/approve`, {}))
    const saved = await page('home')
    expect(JSON.stringify(saved.content)).not.toContain('<script>')
    const site = await html('/')
    expect(site).toMatch(/<details open="" class="group"><summary[^>]*><h3>Edited question\?<\/h3>/)
    expect(site).toContain('<p>Edited <em>answer</em></p>')
    expect(site).not.toContain('alert(1)')
    expect(site).toContain('>41M+</p><p class="text-slate-700 text-sm">agreements edited</p>')
    // The structured data follows the FAQ block.
    expect(site).toContain('"name":"Edited question?"')

    const privacy = await page('privacy-policy')
    const policy = structuredClone(privacy.content)
    const sections = widget(policy, 'policy').content as { sections: { title: string; body: string }[] }
    sections.sections[1] = {
      ...sections.sections[1],
      title: 'What We Keep',
      body: '<p>Only your answers.</p>',
    } as never
    await publish(privacy.id, policy)
    const privacyHtml = await html('/privacy-policy')
    expect(privacyHtml).toContain('2. What We Keep</h2>')
    expect(privacyHtml).toContain('<p>Only your answers.</p>')

    // Content emptied: the page shows its shipped default rather than nothing.
    await publish(home.id, { sections: [] })
    expect(await html('/')).toContain('How much could I claim?')
    await publish(home.id, home.content)
  })

  it('keeps the system pages’ slugs: no rename (409), no delete (409)', async () => {
    for (const slug of ['home', 'evidence', 'privacy-policy', 'cookie-policy', 'thank-you']) {
      const row = await page(slug)
      await expectError(await admin.put(`/api/admin/pages/${row.id}`, { slug: `${slug}-2` }), 409, /slug/)
      await expectError(await admin.del(`/api/admin/pages/${row.id}`), 409, /cannot be deleted/)
      expect((await page(slug)).slug).toBe(slug)
    }
  })
})

describe(`migration 0044 on ${testDialect}`, () => {
  it('fills the system pages whose content is empty and leaves an operator’s content alone', async () => {
    const old = await createTestDatabase()
    try {
      const raw = old.db.withoutPlugins()
      const migrator = new Migrator({ db: raw, provider: migrationProvider(old.dialect) })
      expect((await migrator.migrateTo('0042_ledger_by_lead')).error).toBeUndefined()
      const edited = {
        sections: [
          { id: 's', styles: {}, widgets: [{ id: 'w', type: 'text', content: { text: '<p>Mine</p>' } }] },
        ],
      }
      const rows = [
        { slug: 'home', content: json('') },
        { slug: 'evidence', content: json({ sections: [] }) },
        { slug: 'privacy-policy', content: json(edited) },
        { slug: 'cookie-policy', content: json('<p>My own cookie policy</p>') },
        { slug: 'guide', content: json('') },
      ]
      for (const row of rows) {
        await sql`insert into page (slug, title, content) values (${row.slug}, ${row.slug}, ${row.content})`.execute(
          raw,
        )
      }
      await migrateToLatest(raw, old.dialect)
      const after = Object.fromEntries(
        (await old.db.selectFrom('page').select(['slug', 'content']).execute()).map((r) => [
          r.slug,
          r.content,
        ]),
      )
      expect(after.home).toEqual(systemPageContent.home)
      expect(after.evidence).toEqual(systemPageContent.evidence)
      expect(after['privacy-policy']).toEqual(edited)
      expect(after['cookie-policy']).toBe('<p>My own cookie policy</p>')
      expect(after.guide).toBe('')
    } finally {
      await old.destroy()
    }
  })
})
