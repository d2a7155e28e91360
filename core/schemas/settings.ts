import { z } from 'zod'

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

export type SettingInput = z.input<typeof settingSchema>

/** A setting as `GET /api/admin/settings` lists it. */
export type SettingRow = z.output<typeof settingSchema> & {
  id: number
  category: string
  description: string | null
  updatedAt: string
}

export const DEFAULT_ROBOTS_TXT = 'User-agent: *\nDisallow: /'
