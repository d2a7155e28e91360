import { z } from 'zod'
import { flag, type Stored } from './fields.ts'

export const redirectStatusCodes = [301, 302] as const

const redirectFields = {
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  fromUrl: z.string({ error: 'From URL is required' }).trim().min(1, 'From URL is required').max(2000),
  toUrl: z.string({ error: 'To URL is required' }).trim().min(1, 'To URL is required').max(2000),
  statusCode: z.union([z.literal(301), z.literal(302)], { error: 'Status code must be 301 or 302' }),
  isRegex: flag('isRegex'),
  isActive: flag('isActive'),
  keepQuery: flag('keepQuery'),
}

export const redirectCreateSchema = z.object({
  ...redirectFields,
  statusCode: redirectFields.statusCode.default(301),
  isRegex: redirectFields.isRegex.default(false),
  isActive: redirectFields.isActive.default(true),
  keepQuery: redirectFields.keepQuery.default(false),
})
export const redirectUpdateSchema = z.object(redirectFields).partial()

/** `GET /api/admin/redirects/test?url=…`: an address to try the live rules on. */
export const redirectTestQuerySchema = z.object({
  url: z
    .string({ error: 'Enter an address to test, such as /old-page' })
    .trim()
    .min(1, 'Enter an address to test, such as /old-page')
    .max(2000, 'The address is too long')
    .refine((v) => v.startsWith('/') && !v.startsWith('//'), 'The address must be a path starting with /'),
})

export type RedirectInput = z.input<typeof redirectCreateSchema>
export type RedirectRow = Stored<z.output<typeof redirectCreateSchema>> & { hitCount: number }
/** What create and update answer: the row, and a warning when the rule lengthens a chain. */
export type RedirectSaved = RedirectRow & { chain?: string[]; warning?: string }

/** What `GET /api/admin/redirects/test?url=…` answers: what the live rules do with that address. */
export type RedirectTestResult =
  | { kind: 'redirect'; ruleId: number; statusCode: number; location: string }
  | { kind: 'none' }
  | { kind: 'protected' }
  | { kind: 'refused'; ruleId: number }
  /** The rule's target is the address itself (another spelling of it): no redirect is given. */
  | { kind: 'loop'; ruleId: number }
