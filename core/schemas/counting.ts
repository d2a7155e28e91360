import { z } from 'zod'

/** `POST /api/consent/counting`: "Don't count my visits" (`off`) or "Count my visits again" (`on`). */
export const countingFormSchema = z.object({
  count: z.enum(['off', 'on'], { error: 'count must be off or on' }),
  /** The page to go back to (a path on this site); the Referer is preferred when it is on this site. */
  returnTo: z.string().max(2000, 'returnTo is too long').optional(),
})
export type CountingForm = z.infer<typeof countingFormSchema>
