import { z } from 'zod'
import { email, PASSWORD_COMMON, PASSWORD_MIN, PASSWORD_SHORT, password } from './fields.ts'
import { CODE_INVALID, CODES_LOCKED, SECOND_STEP_ENDED, SECOND_STEP_EXPIRED } from './mfa.ts'

export { PASSWORD_COMMON, PASSWORD_MIN, PASSWORD_SHORT }

export const loginSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
})

export const forgotPasswordSchema = z.object({ email })

export const resetPasswordSchema = z.object({
  token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required').max(200),
  newPassword: password,
})

/** POST …/account/password: one's own password, changed with the current one. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(1024),
  newPassword: password,
})
export type ChangePassword = z.infer<typeof changePasswordSchema>

/** The account page's form: the same rules, and the new password typed twice. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords do not match',
  })

export const CURRENT_PASSWORD_WRONG = 'Your current password is not right'
export const PASSWORD_UNCHANGED = 'Choose a new password, not your current one'
export const PASSWORD_CHANGED = 'Your password has been changed. Your other sessions were signed out.'
export const PASSWORD_SIGN_IN_OFF =
  'Password sign-in is turned off for this account: it signs in with single sign-on.'

export const setupSchema = z.object({
  token: z.string().min(1, 'Setup token is required'),
  email,
  password,
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
})

export const INVALID_CREDENTIALS = 'Invalid email or password'
export const RESET_SENT = 'If an account exists for that email, we have sent a link to reset the password.'
export const RESET_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.'
export const INVITE_ACCEPTED = 'Your password is set. Please sign in.'
export const TOO_MANY = 'Too many attempts. Please wait a little and try again.'
export const SSO_REQUIRED =
  'Password sign-in is turned off for this account: please use the single sign-on button below.'

/** Why a single sign-on was refused: the code in `/api/login?error=…` and the audit's `detail.reason`. */
export const ssoErrors = {
  'sso-off': 'Single sign-on is not set up on this site.',
  'sso-state': 'This sign-in attempt has expired or was already used. Please start again.',
  'sso-failed': 'Single sign-on did not succeed. Please try again.',
  'sso-unverified':
    'Your identity provider has not verified this e-mail address, so it cannot be used to sign in.',
  'sso-domain': 'Accounts from this e-mail domain cannot sign in here.',
  'sso-no-account': 'There is no account for this e-mail address. Please ask an admin to add you.',
  'sso-inactive': 'This account has been deactivated.',
  'sso-already-linked':
    'This account is already linked to another sign-in at your identity provider. Please use that one, or ask an admin.',
  'sso-required': SSO_REQUIRED,
} as const
export type SsoErrorCode = keyof typeof ssoErrors

/**
 * The messages a sign-in, reset or setup page may show after a form post without JavaScript. The
 * server puts only a code in the address (`?error=credentials`) and the page maps it back, so no
 * text from the address ever reaches the page.
 */
export const authErrors = {
  credentials: INVALID_CREDENTIALS,
  'reset-invalid': RESET_INVALID,
  'too-many': TOO_MANY,
  'email-required': 'Email is required',
  'email-invalid': 'Please enter a valid email address',
  'email-long': 'Email must be at most 254 characters',
  'password-required': 'Password is required',
  'password-short': PASSWORD_SHORT,
  'password-common': PASSWORD_COMMON,
  'password-long': 'Password must be at most 200 characters',
  'token-required': 'Reset token is required',
  'setup-token-required': 'Setup token is required',
  'setup-done': 'Setup is already complete',
  'setup-invalid': 'This setup link is not valid',
  code: CODE_INVALID,
  'code-format': 'Enter the 6-digit code from your authenticator app',
  'step-expired': SECOND_STEP_EXPIRED,
  'step-ended': SECOND_STEP_ENDED,
  'codes-locked': CODES_LOCKED,
  invalid: 'Please check the form and try again.',
  ...ssoErrors,
} as const
export type AuthErrorCode = keyof typeof authErrors

/** The code for a message the auth endpoints produce; anything unlisted becomes `invalid`. */
export function authErrorCode(message: string): AuthErrorCode {
  const found = Object.entries(authErrors).find(([, text]) => text === message)
  return (found?.[0] as AuthErrorCode | undefined) ?? 'invalid'
}

/** The message for a code read from the address; unknown codes show nothing. */
export function authErrorMessage(code: string | null): string | null {
  return code && Object.hasOwn(authErrors, code) ? authErrors[code as AuthErrorCode] : null
}
