import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuestionnaireDefinition } from '../../core/questionnaire/definition.ts'
import { DEFAULT_SCHEME_STATUS } from '../../core/settings.ts'
import { json } from '../../server/platform/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { insertPage } from '../support/factories.ts'
import { decode, parseHead, visibleText } from '../support/html.ts'
import { expectError, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const heading = (id: string, text: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'heading',
  content: { text, level: 2 },
  styles: {},
  ...extra,
})

describe(`site facts (docs/decisions/0076-site-facts.md) on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let liveDefinition: QuestionnaireDefinition

  const save = (key: string, value: string | null) => admin.post('/api/admin/settings', { key, value })
  const page = async (path: string) => {
    const response = await app.request(path)
    expect(response.status).toBe(200)
    return response.text()
  }
  /** The questionnaire's JSON data block (app/islands/island.tsx), parsed. */
  const questionnaireData = (html: string) => {
    const match = /<script type="application\/json" data-island-data="questionnaire">([^<]*)<\/script>/.exec(
      html,
    )
    expect(match).not.toBeNull()
    return JSON.parse(match?.[1] as string) as { definition: QuestionnaireDefinition }
  }

  beforeAll(async () => {
    app = await startTestApp({ trustProxy: 'loopback' })
    admin = await createSignedInAdmin(app, { role: 'admin' })
    await insertPage(app.database.db, {
      slug: 'scheme-news',
      title: 'Average {{fact.fcaAverage}}',
      isPublished: true,
      content: {
        sections: [
          {
            id: 's1',
            styles: {},
            widgets: [
              heading('avg', 'The FCA average is {{fact.fcaAverage}} ({{fact.fcaAverageDate}})'),
              {
                id: 'firm',
                type: 'text',
                content: { text: '<p>Run by {{fact.firmName}}{{fact.noSuchFact}}.</p>' },
                styles: {},
              },
              heading('status', 'Scheme status: {{fact.schemeStatus}}', {
                visibility: { fact: 'schemeStatus', when: 'set' },
              }),
              heading('quiet', 'No news from the tribunal', {
                visibility: { fact: 'schemeStatus', when: 'empty' },
              }),
              { id: 'form', type: 'form', content: { title: 'Check yours' }, styles: {} },
            ],
          },
        ],
      },
    })
    // The live questionnaire's first question names a fact (as an operator would type it).
    const live = await app.database.db
      .selectFrom('questionnaireVersion')
      .select(['id', 'definition'])
      .where('status', '=', 'live')
      .executeTakeFirstOrThrow()
    const stored = (
      typeof live.definition === 'string' ? JSON.parse(live.definition) : live.definition
    ) as QuestionnaireDefinition
    const [first, ...rest] = stored.questions
    liveDefinition = {
      ...stored,
      questions: [
        {
          ...(first as QuestionnaireDefinition['questions'][number]),
          hint: 'The FCA average is {{fact.fcaAverage}}.',
        },
        ...rest,
      ],
    }
    await app.database.db
      .updateTable('questionnaireVersion')
      .set({ definition: json(liveDefinition) })
      .where('id', '=', live.id)
      .execute()
    await app.services.site.changed()
  })

  afterAll(async () => {
    await app?.close()
  })

  it('seeds the scheme status and shows the defaults before any change', async () => {
    const html = await page('/scheme-news')
    const text = visibleText(html)
    expect(text).toContain('The FCA average is £829 (March 2026)')
    expect(decode(text)).toContain(`Scheme status: ${DEFAULT_SCHEME_STATUS}`)
    expect(text).not.toContain('No news from the tribunal')
  })

  it('a fact saved through the settings API shows on /, on a CMS page, in its title and in the questionnaire', async () => {
    await ok(await save('fca_average_award', '950'))
    await ok(await save('fca_average_date', 'February 2027'))

    const cms = await page('/scheme-news')
    expect(visibleText(cms)).toContain('The FCA average is £950 (February 2027)')
    expect(parseHead(cms).title).toBe('Average £950')
    expect(cms).toMatch(/<h1[^>]*>Average £950<\/h1>/)
    // The form widget's questionnaire, as rendered and as the island's data.
    expect(cms).toContain('The FCA average is £950.')
    expect(questionnaireData(cms).definition.questions[0]?.hint).toBe('The FCA average is £950.')

    const home = await page('/')
    expect(home).toContain('The FCA average is £950.')
    expect(questionnaireData(home).definition.questions[0]?.hint).toBe('The FCA average is £950.')
    expect(home).not.toContain('{{fact.')
  })

  it('answers GET /api/pages/{slug} with the facts filled in, as the page shows them', async () => {
    await ok(await save('fca_average_award', '950'))
    const answer = (await (await app.request('/api/pages/scheme-news')).json()) as { html: string }
    expect(answer.html).toContain('The FCA average is £950')
    expect(answer.html).not.toContain('{{fact.')
  })

  it('validates a fact by its setting’s rule and keeps the value in force', async () => {
    await expectError(
      await save('fca_average_award', 'lots'),
      400,
      'The FCA average award must be a whole number of pounds, e.g. 2500',
    )
    expect(visibleText(await page('/scheme-news'))).toContain('£950')
  })

  it('escapes a fact in rich text (a value is text, never markup) and renders an unknown key empty', async () => {
    await ok(await save('firm_name', 'Smith <img src=x onerror=alert(1)> & Co'))
    const html = await page('/scheme-news')
    expect(html).toContain('Run by Smith &lt;img src=x onerror=alert(1)&gt; &amp; Co.')
    expect(html).not.toContain('<img src=x')
    expect(html).not.toContain('noSuchFact')
  })

  it('an emptied fact hides the blocks shown only while it is set, and shows those for empty', async () => {
    await ok(await save('scheme_status', ''))
    const hidden = visibleText(await page('/scheme-news'))
    expect(hidden).not.toContain('Scheme status:')
    expect(hidden).toContain('No news from the tribunal')

    await ok(await save('scheme_status', 'The hearing is set for 9 February 2027.'))
    const shown = visibleText(await page('/scheme-news'))
    expect(shown).toContain('Scheme status: The hearing is set for 9 February 2027.')
    expect(shown).not.toContain('No news from the tribunal')
  })

  it('gives the builder the facts in its render context', async () => {
    const context = (await ok(await admin.get('/api/admin/pages/render-context'))) as {
      facts: Record<string, string>
    }
    expect(context.facts).toMatchObject({ fcaAverage: '£950', fcaAverageDate: 'February 2027' })
  })

  it('an experiment’s variant honours the visibility rule and resolves its facts', async () => {
    await ok(await save('scheme_status', ''))
    const variantContent = {
      sections: [
        {
          id: 'v1',
          styles: {},
          widgets: [
            heading('v-avg', 'Variant says {{fact.fcaAverage}}'),
            heading('v-status', 'Variant status {{fact.schemeStatus}}', {
              visibility: { fact: 'schemeStatus', when: 'set' },
            }),
            { id: 'v-form', type: 'form', content: { title: 'Check yours' }, styles: {} },
          ],
        },
      ],
    }
    const experiment = (await ok(
      await admin.post('/api/admin/experiments', {
        name: 'Facts variant',
        path: '/scheme-news',
        goal: 'lead',
        variants: [
          { name: 'A', weight: 1 },
          { name: 'B', weight: 1, title: 'Variant {{fact.fcaAverage}}', content: variantContent },
        ],
      }),
      201,
    )) as { id: number }
    await ok(await admin.post(`/api/admin/experiments/${experiment.id}/start`, {}))
    try {
      const pages: string[] = []
      for (let i = 0; i < 30 && pages.length === 0; i++) {
        const response = await app.request('/scheme-news', {
          headers: {
            'x-forwarded-for': `192.0.2.${i + 10}`,
            'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Facts',
          },
        })
        const html = await response.text()
        if (html.includes('Variant says')) pages.push(html)
      }
      const [variant] = pages
      expect(variant).toBeDefined()
      expect(visibleText(variant as string)).toContain('Variant says £950')
      expect(parseHead(variant as string).title).toBe('Variant £950')
      expect(variant).not.toContain('Variant status')
    } finally {
      await ok(await admin.post(`/api/admin/experiments/${experiment.id}/stop`, {}))
    }
  })
})
