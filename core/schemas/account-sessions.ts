import { z } from 'zod'

/**
 * One signed-in session as its owner (or an admin with the users permission) sees it. `id` is a
 * public id made for this list: never the session cookie or its key.
 */
export const accountSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  browser: z.string(),
  /** The network the session began from ("203.0.113.0/24"), not a location: no geo lookup is made. */
  place: z.string().nullable(),
  startedAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  method: z.string().nullable(),
  current: z.boolean(),
})

export type AccountSession = z.infer<typeof accountSessionSchema>

export const accountSessionListSchema = z.object({ sessions: z.array(accountSessionSchema) })

/** A session id in a path: what the list gave out (a UUID), nothing else. */
export const sessionIdSchema = z.uuid({ error: 'Session not found' })
