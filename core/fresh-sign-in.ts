import { z } from 'zod'

/** How long a sign-in, or a re-authentication, counts as fresh for sensitive changes. */
export const FRESH_SIGN_IN_MS = 10 * 60_000

export const REAUTHENTICATE =
  'For your security, confirm it is you: enter your password or a code from your authenticator app'
export const REAUTHENTICATION_FAILED = 'That password or code is not right'

/** POST …/account/reauthenticate: the password, or a code (authenticator or recovery code). */
export const reauthenticateSchema = z.union(
  [
    z.strictObject({ password: z.string().min(1, 'Enter your password').max(1024) }),
    z.strictObject({
      code: z
        .string()
        .trim()
        .min(1, 'Enter a code')
        .max(40, 'Enter a code from your authenticator app or a recovery code'),
    }),
  ],
  { error: 'Enter your password or a code' },
)
export type Reauthenticate = z.infer<typeof reauthenticateSchema>
