import { z } from 'zod'

export const ALT_MAX = 500
export const CLASS_NAME_MAX = 200
export const CLASS_NAME_PATTERN = /^[A-Za-z0-9_ -]*$/

/** The text fields of `POST /api/admin/upload-image` (the file itself is checked on the server). */
export const uploadImageFieldsSchema = z.object({
  alt: z
    .string({ error: 'Alt text must be text' })
    .max(ALT_MAX, `Alt text must be at most ${ALT_MAX} characters`)
    .default('')
    .transform((s) => s.trim()),
  className: z
    .string({ error: 'CSS classes must be text' })
    .max(CLASS_NAME_MAX, `CSS classes must be at most ${CLASS_NAME_MAX} characters`)
    .regex(
      CLASS_NAME_PATTERN,
      'CSS classes may contain only letters, digits, hyphens, underscores and spaces',
    )
    .default('')
    .transform((s) => s.trim().replace(/ +/g, ' ')),
})

export type UploadImageFields = z.input<typeof uploadImageFieldsSchema>

/** What `POST /api/admin/upload-image` answers: the snippet to paste, and its parts. */
export type UploadImageResponse = {
  htmlSnippet: string
  url: string
  width: number
  height: number
  srcset: string
}
