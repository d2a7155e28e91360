import { describe, expect, it } from 'vitest'
import { CONSENT_CATEGORY_REQUIRED, scriptCreateSchema, scriptUpdateSchema } from './scripts.ts'

const base = { name: 'Tag', position: 'head', script: '<script>a()</script>', consentCategory: 'none' }
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('scriptCreateSchema', () => {
  it('requires a consent category: there is no default', () => {
    const { consentCategory: _, ...without } = base
    expect(firstMessage(scriptCreateSchema.safeParse(without))).toBe(CONSENT_CATEGORY_REQUIRED)
    expect(firstMessage(scriptCreateSchema.safeParse({ ...base, consentCategory: '' }))).toBe(
      CONSENT_CATEGORY_REQUIRED,
    )
  })

  it('refuses text that is not whole elements', () => {
    expect(firstMessage(scriptCreateSchema.safeParse({ ...base, script: 'track()' }))).toMatch(
      /^Text outside an element \("track\(\)"\)/,
    )
  })

  it('keeps a vendor ID trimmed and in capitals', () => {
    const parsed = scriptCreateSchema.parse({
      ...base,
      script: ' gtm-abc123\n',
      consentCategory: 'marketing',
    })
    expect(parsed.script).toBe('GTM-ABC123')
    expect(parsed.isActive).toBe(true)
  })

  it('keeps markup as it was typed', () => {
    expect(scriptCreateSchema.parse({ ...base, script: ' <script>a()</script>\n' }).script).toBe(
      ' <script>a()</script>\n',
    )
  })

  it('refuses a vendor ID under a category it cannot run in', () => {
    const result = scriptCreateSchema.safeParse({ ...base, script: 'G-ABC123', consentCategory: 'marketing' })
    expect(result.error?.issues[0]).toMatchObject({
      path: ['consentCategory'],
      message: 'Google Analytics 4 sets analytics cookies: choose the Analytics consent category',
    })
  })
})

describe('scriptUpdateSchema', () => {
  it('checks the fields it is given', () => {
    expect(scriptUpdateSchema.safeParse({ isActive: false }).success).toBe(true)
    expect(firstMessage(scriptUpdateSchema.safeParse({ script: 'GTM-ABC123 oops' }))).toMatch(/^Text outside/)
    expect(
      firstMessage(scriptUpdateSchema.safeParse({ script: 'GTM-ABC123', consentCategory: 'none' })),
    ).toMatch(/^Google Tag Manager is not essential/)
  })
})
