import { z } from 'zod'
import { mfaRoles } from '../mfa-policy.ts'

/** A six-digit authenticator code; spaces (as apps show them, "123 456") are ignored. */
export const totpCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code from your authenticator app' })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')),
})

export const recoveryCodeSchema = z.object({
  code: z
    .string({ error: 'Enter one of your recovery codes' })
    .trim()
    .min(1, 'Enter one of your recovery codes')
    .max(40, 'Enter one of your recovery codes'),
})

export const passkeyNameSchema = z.object({
  name: z
    .string({ error: 'Give the passkey a name' })
    .trim()
    .min(1, 'Give the passkey a name')
    .max(60, 'A passkey name must be at most 60 characters'),
})

/** The browser's answer to navigator.credentials.*: checked in depth by @simplewebauthn/server. */
const credentialJson = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(8000) }),
})

export const passkeyRegistrationSchema = passkeyNameSchema.extend({ response: credentialJson })
export const passkeyAssertionSchema = z.object({ response: credentialJson })

export const mfaPolicySchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('off') }),
  z.object({ mode: z.literal('all') }),
  z.object({
    mode: z.literal('roles'),
    roles: z.array(z.enum(mfaRoles)).min(1, 'Choose at least one role').max(mfaRoles.length),
  }),
])

export type PasskeyView = {
  id: number
  name: string
  createdAt: string
  lastUsedAt: string | null
  deviceType: string
  backedUp: boolean
}

/** GET /api/admin/account/security */
export type SecurityView = {
  passkeys: PasskeyView[]
  totp: { enabled: boolean; confirmedAt: string | null }
  recoveryCodes: { remaining: number; total: number }
  /** The policy asks this account for a factor. */
  required: boolean
  /** Required, and none yet: everything else is refused until one is added. */
  mustEnrol: boolean
}

export type SecondFactorMethod = 'totp' | 'passkey' | 'recovery'
export const SECOND_STEP_EXPIRED = 'Your sign-in has expired. Please enter your email and password again.'
export const CODE_INVALID = 'That code is not valid. Please try again.'
export const SECOND_STEP_ENDED = 'Too many wrong codes for this sign-in. Please start signing in again.'
export const CODES_LOCKED =
  'Too many wrong codes have been tried for this account, so codes are paused for 15 minutes. You can still sign in with a passkey.'
