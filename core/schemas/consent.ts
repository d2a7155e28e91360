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
