import type { Request } from 'express'
import type { z } from 'zod'
import { HttpError } from './errors.ts'

/**
 * The request's body validated by `schema`, or a 400 with the first rule it broke. Bodies are JSON
 * objects, or also form posts where `acceptForms` (pages that work without JavaScript post forms).
 */
export function parseBody<T extends z.ZodType>(
  schema: T,
  req: Request,
  { acceptForms = false }: { acceptForms?: boolean } = {},
): z.output<T> {
  if (!acceptForms && !req.is('application/json')) throw new HttpError(400, 'Request body must be JSON')
  if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) {
    throw new HttpError(400, 'Request body must be a JSON object')
  }
  if (containsNul(req.body)) throw new HttpError(400, NUL_MESSAGE)
  const result = schema.safeParse(req.body)
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request')
  return result.data
}

export const NUL_MESSAGE = 'Text may not contain NUL characters'

/** PostgreSQL cannot store U+0000 in text; refuse it at the door rather than fail at the database. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 32 || value === null || typeof value !== 'object') return false
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true
  }
  return false
}

/** Ids are positive integers; anything else names no record. */
export function parseId(value: unknown, what = 'Record'): number {
  const id = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, `${what} not found`)
  return id
}

export function requireChanges(input: Record<string, unknown>) {
  if (Object.values(input).every((v) => v === undefined)) throw new HttpError(400, 'Nothing to update')
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string; errcode?: number }
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '')
}

/** A row still referenced elsewhere (PostgreSQL 23503, SQLite's FOREIGN KEY constraint failed). */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string }
  return e?.code === '23503' || /FOREIGN KEY constraint failed/i.test(e?.message ?? '')
}

/** Names of the fields an update sets, for the audit log. */
export function changedFields(input: Record<string, unknown>): string[] {
  return Object.keys(input).filter((k) => input[k] !== undefined)
}
