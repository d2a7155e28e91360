import { z } from 'zod'
import { CONSENT_VERSION } from '../consent.ts'

/** `POST /api/consent`: the proof of a visitor's cookie choice. */
export const consentProofSchema = z.object({
  consentId: z.uuid({ error: 'consentId must be a UUID' }),
  analytics: z.boolean(),
  marketing: z.boolean(),
  preferences: z.boolean(),
  version: z.literal(CONSENT_VERSION, { error: `version must be ${CONSENT_VERSION}` }),
  // Milliseconds since 1970, and no later than a day from now (clocks drift).
  timestamp: z
    .number()
    .int()
    .positive()
    .refine((t) => t <= Date.now() + 86_400_000, 'timestamp is in the future'),
})

const ticked = z.enum(['on', 'true', '1'], { error: 'a category is ticked with "on"' }).optional()

/**
 * `POST /api/consent/choice`: the consent dialog's form, posted when the page's script has not
 * taken it over yet. `all` and `none` decide every category; `custom` takes the ticked ones.
 */
export const consentChoiceFormSchema = z.object({
  choice: z.enum(['all', 'none', 'custom'], { error: 'choice must be all, none or custom' }),
  analytics: ticked,
  marketing: ticked,
  preferences: ticked,
  /** The page to go back to (a path on this site); the Referer is preferred when it is on this site. */
  returnTo: z.string().max(2000, 'returnTo is too long').optional(),
})
export type ConsentChoiceForm = z.infer<typeof consentChoiceFormSchema>
