import { describe, expect, it } from 'vitest'
import { sanitizeStoredContent } from '../server/site/index.ts'
import { readPageContent } from './page-content.ts'
import { safeStyles } from './page-styles.ts'
import { CAMPAIGN_FORM_ANCHOR, findPageTemplate, pageTemplates } from './page-templates.ts'
import { pageFields } from './schemas/pages.ts'

describe('page templates', () => {
  it('ships the campaign landing page and the simple content page, with unique ids', () => {
    expect(pageTemplates.map((t) => t.name)).toEqual(['Campaign landing page', 'Simple content page'])
    expect(new Set(pageTemplates.map((t) => t.id)).size).toBe(pageTemplates.length)
    expect(findPageTemplate('simple-content')?.name).toBe('Simple content page')
    expect(findPageTemplate('nope')).toBeUndefined()
    expect(findPageTemplate(null)).toBeUndefined()
  })

  it.each(pageTemplates.map((t) => [t.id, t] as const))('%s reads back unchanged as page content', (_, t) => {
    expect(readPageContent(t.content)).toEqual(t.content)
    // What the server stores is what the template holds: its HTML needs no sanitising.
    expect(sanitizeStoredContent(t.content)).toEqual(t.content)
  })

  it.each(pageTemplates.map((t) => [t.id, t] as const))(
    '%s suggests a valid title, slug and styles',
    (_, t) => {
      expect(pageFields.slug.safeParse(t.slug)).toMatchObject({ success: true, data: t.slug })
      expect(pageFields.title.safeParse(t.title).success).toBe(true)
      expect(t.metaDescription.length).toBeLessThanOrEqual(160)
      for (const section of t.content.sections) {
        expect(safeStyles(section.styles)).toEqual(section.styles)
        for (const widget of section.widgets) expect(safeStyles(widget.styles)).toEqual(widget.styles)
      }
      const ids = t.content.sections.flatMap((s) => [s.id, ...s.widgets.map((w) => w.id)])
      expect(new Set(ids).size).toBe(ids.length)
    },
  )

  it('puts the questionnaire on the landing page, with the hero button leading to it', () => {
    const widgets = findPageTemplate('campaign-landing')?.content.sections.flatMap((s) => s.widgets) ?? []
    expect(widgets.filter((w) => w.type === 'form')).toHaveLength(1)
    expect(widgets.filter((w) => w.type === 'testimonial')).toHaveLength(1)
    const button = widgets.find((w) => w.type === 'button')
    expect(button?.type === 'button' && button.content.link).toBe(`#${CAMPAIGN_FORM_ANCHOR}`)
    // The anchor survives the sanitiser, which keeps `id` on page HTML.
    const stored = sanitizeStoredContent(findPageTemplate('campaign-landing')?.content)
    expect(JSON.stringify(stored)).toContain(`id=\\"${CAMPAIGN_FORM_ANCHOR}\\"`)
  })

  it('gives the simple page a heading, rich text and a divider', () => {
    const simple = findPageTemplate('simple-content')
    expect(simple?.content.sections.flatMap((s) => s.widgets.map((w) => w.type))).toEqual([
      'heading',
      'text',
      'divider',
    ])
  })
})
