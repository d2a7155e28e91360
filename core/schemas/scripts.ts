import { z } from 'zod'
import { scriptConsentCategories } from '../consent.ts'
import { flag, type Stored } from './fields.ts'

export const scriptPositions = ['head', 'body'] as const

const scriptFields = {
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  position: z.enum(scriptPositions, { error: 'Position must be head or body' }),
  script: z
    .string({ error: 'Script is required' })
    .min(1, 'Script is required')
    .max(100_000, 'Script is too long'),
  consentCategory: z.enum(scriptConsentCategories, {
    error: 'Consent category must be none, analytics, marketing or preferences',
  }),
  isActive: flag('isActive'),
}

export const scriptCreateSchema = z.object({
  ...scriptFields,
  consentCategory: scriptFields.consentCategory.default('none'),
  isActive: scriptFields.isActive.default(true),
})
export const scriptUpdateSchema = z.object(scriptFields).partial()

export type ScriptInput = z.input<typeof scriptCreateSchema>
export type ScriptRow = Stored<z.output<typeof scriptCreateSchema>>
