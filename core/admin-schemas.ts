import { z } from 'zod'
import { scriptConsentCategories } from './consent.ts'
import { permissions, roles } from './permissions.ts'

/** Shared by the admin panels' forms and the API handlers: one rule, one message. */

export const PASSWORD_MIN = 8
const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(200, 'Password must be at most 200 characters')
const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Please enter a valid email address' }))

export const loginSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
})

export const forgotPasswordSchema = z.object({ email })

export const resetPasswordSchema = z.object({
  token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required').max(200),
  newPassword: password,
})

export const setupSchema = z.object({
  token: z.string().min(1, 'Setup token is required'),
  email,
  password,
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
})

const optionalText = (max: number) =>
  z
    .string()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v))

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const systemPageSlugs = ['home', 'privacy-policy', 'evidence', 'cookie-policy'] as const
/** Paths the application owns: a page may not take them. */
export const reservedSlugs = [
  'admin',
  'api',
  'assets',
  'thank-you',
  'healthz',
  'setup',
  'reset-password',
] as const

export const pageContentSchema = z.union([
  z.string().max(500_000, 'Content is too long'),
  z.record(z.string(), z.unknown()),
])

export const pageFields = {
  slug: z
    .string({ error: 'Please enter a URL slug' })
    .trim()
    .toLowerCase()
    .min(1, 'Please enter a URL slug')
    .max(100, 'Slug must be at most 100 characters')
    .regex(SLUG_PATTERN, 'Slug may contain only lowercase letters, numbers and single hyphens')
    .refine((s) => !(reservedSlugs as readonly string[]).includes(s), 'This URL is used by the site itself'),
  title: z
    .string({ error: 'Please enter a page title' })
    .trim()
    .min(1, 'Please enter a page title')
    .max(200, 'Title must be at most 200 characters'),
  metaDescription: optionalText(500),
  metaKeywords: optionalText(500),
  targetKeyword: optionalText(200),
  ogTitle: optionalText(200),
  ogDescription: optionalText(500),
  content: pageContentSchema,
  isPublished: z.boolean({ error: 'isPublished must be true or false' }),
}

export const pageCreateSchema = z.object({
  ...pageFields,
  content: pageFields.content.default(''),
  isPublished: pageFields.isPublished.default(false),
})
export const pageUpdateSchema = z.object(pageFields).partial()

export const settingSchema = z.object({
  key: z
    .string({ error: 'Setting key is required' })
    .trim()
    .min(1, 'Setting key is required')
    .max(64, 'Setting key must be at most 64 characters')
    .regex(/^[a-z0-9_-]+$/, 'Setting key may contain only lowercase letters, numbers, _ and -'),
  value: z
    .string({ error: 'Setting value must be text' })
    .max(100_000, 'Setting value is too long')
    .nullable(),
})

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
  isActive: z.boolean({ error: 'isActive must be true or false' }),
}
export const scriptCreateSchema = z.object({
  ...scriptFields,
  consentCategory: scriptFields.consentCategory.default('none'),
  isActive: scriptFields.isActive.default(true),
})
export const scriptUpdateSchema = z.object(scriptFields).partial()

export const redirectStatusCodes = [301, 302] as const
const redirectFields = {
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  fromUrl: z.string({ error: 'From URL is required' }).trim().min(1, 'From URL is required').max(2000),
  toUrl: z.string({ error: 'To URL is required' }).trim().min(1, 'To URL is required').max(2000),
  statusCode: z.union([z.literal(301), z.literal(302)], { error: 'Status code must be 301 or 302' }),
  isRegex: z.boolean({ error: 'isRegex must be true or false' }),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
}
export const redirectCreateSchema = z.object({
  ...redirectFields,
  statusCode: redirectFields.statusCode.default(301),
  isRegex: redirectFields.isRegex.default(false),
  isActive: redirectFields.isActive.default(true),
})
export const redirectUpdateSchema = z.object(redirectFields).partial()

export const adminUserCreateSchema = z.object({
  email,
  password,
  firstName: optionalText(100),
  lastName: optionalText(100),
  role: z.enum(roles, { error: 'Role must be admin or editor' }).default('editor'),
  permissions: z.array(z.enum(permissions)).max(permissions.length).nullable().optional(),
})
export const adminUserUpdateSchema = z.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  role: z.enum(roles, { error: 'Role must be admin or editor' }).optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  permissions: z.array(z.enum(permissions)).max(permissions.length).nullable().optional(),
})

export const leadListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be 1 or more').optional(),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1, 'pageSize must be between 1 and 200')
    .max(200, 'pageSize must be between 1 and 200')
    .optional(),
})

export type PageCreateInput = z.input<typeof pageCreateSchema>
export type PageUpdateInput = z.input<typeof pageUpdateSchema>
export type ScriptInput = z.input<typeof scriptCreateSchema>
export type RedirectInput = z.input<typeof redirectCreateSchema>
export type SettingInput = z.input<typeof settingSchema>
