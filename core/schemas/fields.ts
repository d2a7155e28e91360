import { z } from 'zod'

/** Field rules several areas share: one rule, one message. */

export const PASSWORD_MIN = 12
export const PASSWORD_SHORT = `Use at least ${PASSWORD_MIN} characters`
export const PASSWORD_COMMON = 'This password is too common; choose another'

/**
 * A new password's length, checked in the browser and on the server. The server also refuses
 * common and breached passwords (server/identity/auth/password-policy.server.ts): that list stays off the
 * pages, so forms show its answer when the server refuses.
 */
export const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, PASSWORD_SHORT)
  .max(200, 'Password must be at most 200 characters')

export const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Please enter a valid email address' }))

/** Optional text: blank becomes null, absent stays absent (so a partial update leaves it alone). */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v))

export const flag = (name: string) => z.boolean({ error: `${name} must be true or false` })

/** A stored row as the JSON API sends it: an id and ISO timestamps. */
export type Stored<T> = T & { id: number; createdAt: string; updatedAt: string }
