import { z } from 'zod'
import { scriptConsentCategories } from '../consent.ts'
import { checkScriptMarkup } from '../script-markup.ts'
import { vendorCategoryProblem, vendorTag } from '../script-vendors.ts'
import { flag, type Stored } from './fields.ts'

export const scriptPositions = ['head', 'body'] as const

export const CONSENT_CATEGORY_REQUIRED =
  'Choose a consent category: Essential, Analytics, Marketing or Preferences'

/** Whole allowed elements or a bare vendor tag ID (kept trimmed and in capitals). */
const scriptText = z
  .string({ error: 'Script is required' })
  .min(1, 'Script is required')
  .max(100_000, 'Script is too long')
  .superRefine((value, ctx) => {
    if (vendorTag(value)) return
    const checked = checkScriptMarkup(value)
    if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message })
  })
  .transform((value) => vendorTag(value)?.id ?? value)

const scriptFields = {
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  position: z.enum(scriptPositions, { error: 'Position must be head or body' }),
  script: scriptText,
  consentCategory: z.enum(scriptConsentCategories, { error: CONSENT_CATEGORY_REQUIRED }),
  isActive: flag('isActive'),
}

/** A vendor tag waits for its vendor's category; checked where both fields are known. */
function vendorCategory(
  value: { script?: string; consentCategory?: (typeof scriptConsentCategories)[number] },
  ctx: z.RefinementCtx,
) {
  if (value.script === undefined || value.consentCategory === undefined) return
  const problem = vendorCategoryProblem(value.script, value.consentCategory)
  if (problem) ctx.addIssue({ code: 'custom', path: ['consentCategory'], message: problem })
}

/** The consent category has no default: an entry runs for everyone only when chosen to. */
export const scriptCreateSchema = z
  .object({ ...scriptFields, isActive: scriptFields.isActive.default(true) })
  .superRefine(vendorCategory)
export const scriptUpdateSchema = z.object(scriptFields).partial().superRefine(vendorCategory)

export type ScriptInput = z.input<typeof scriptCreateSchema>
export type ScriptRow = Stored<z.output<typeof scriptCreateSchema>> & {
  /** Why a saved entry is not on the site (it breaks today's rules); null when it is. */
  problem: string | null
}
