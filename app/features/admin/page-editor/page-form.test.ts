import { describe, expect, it } from 'vitest'
import { findPageTemplate } from '../../../../core/page-templates.ts'
import { emptyPageForm, formFromTemplate, pagePayload } from './page-form.ts'

describe('a page form from a template', () => {
  it('starts from the template as a draft, with a copy of its content', () => {
    const template = findPageTemplate('campaign-landing')
    if (!template) throw new Error('campaign-landing template missing')
    const form = formFromTemplate(template)
    expect(form).toMatchObject({
      title: template.title,
      slug: template.slug,
      metaDescription: template.metaDescription,
      isPublished: false,
      ogTitle: '',
    })
    expect(form.content).toEqual(template.content)
    expect(form.content).not.toBe(template.content)
    expect(pagePayload(form).content).toEqual(template.content)
    expect(Object.keys(form).sort()).toEqual(Object.keys(emptyPageForm).sort())
  })
})
