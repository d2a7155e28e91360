import {
  mfaPolicySchema,
  passkeyAssertionSchema,
  recoveryCodeSchema,
  totpCodeSchema,
} from '../../../core/schemas/mfa.ts'
import { defineApi, ref, shape, toJsonSchema } from '../../platform/index.ts'
import { resetFactorsRoute } from '../users/admin-router.ts'
import { accountFactorsRoutes } from './account-router.ts'
import { mfaPolicyRoutes } from './policy-router.ts'

const SIGNED_IN = shape({ user: ref('CurrentAdmin'), redirect: 'string' })
const STEP = 'Needs the pending sign-in cookie set by POST /api/login (five minutes, used once).'
const FORM =
  'A form post (no JavaScript) is answered with a 303 to the dashboard, or back to the second step.'
const options = { type: 'object', description: 'WebAuthn options for the browser (JSON, base64url).' }

export const factorsApi = defineApi({
  tag: {
    name: 'Second factors',
    description: 'Passkeys, authenticator codes and recovery codes; the sign-in second step; the policy.',
  },
  schemas: {
    Passkey: shape({
      id: 'integer',
      name: 'string',
      createdAt: 'date-time',
      'lastUsedAt?': 'date-time',
      deviceType: 'string',
      backedUp: 'boolean',
    }),
    MfaPolicy: toJsonSchema(mfaPolicySchema, 'output'),
  },
  operations: [
    {
      method: 'post',
      path: '/api/login/totp',
      summary: 'Finish signing in with an authenticator code',
      description: `${STEP} 30-second codes, one step of drift, each code once. ${FORM}`,
      auth: 'public',
      request: totpCodeSchema,
      requestType: 'json-or-form',
      response: SIGNED_IN,
      responses: {
        401: 'Wrong, reused or stale code, no pending sign-in, or the fifth wrong code ended it',
        429: "Too many attempts, or the account's codes are paused after ten wrong ones (Retry-After)",
      },
    },
    {
      method: 'post',
      path: '/api/login/recovery',
      summary: 'Finish signing in with a recovery code',
      description: `${STEP} Each code works once. ${FORM}`,
      auth: 'public',
      request: recoveryCodeSchema,
      requestType: 'json-or-form',
      response: SIGNED_IN,
      responses: {
        401: 'Unknown or used code, no pending sign-in, or the fifth wrong code ended it',
        429: "Too many attempts, or the account's codes are paused after ten wrong ones (Retry-After)",
      },
    },
    {
      method: 'post',
      path: '/api/login/passkey/options',
      summary: 'Passkey options for the second step',
      description: STEP,
      auth: 'public',
      response: options,
      responses: { 401: 'No pending sign-in', 429: 'Too many attempts' },
    },
    {
      method: 'post',
      path: '/api/login/passkey/verify',
      summary: 'Finish signing in with a passkey',
      description: STEP,
      auth: 'public',
      request: passkeyAssertionSchema,
      response: SIGNED_IN,
      responses: { 401: 'The passkey could not be verified', 429: 'Too many attempts' },
    },
    {
      method: 'post',
      path: '/api/login/passkey-alone/options',
      summary: 'Passkey options to sign in without a password',
      description: 'Any discoverable passkey of this site; sets a challenge cookie.',
      auth: 'public',
      response: options,
      responses: { 429: 'Too many attempts' },
    },
    {
      method: 'post',
      path: '/api/login/passkey-alone/verify',
      summary: 'Sign in with a passkey alone',
      description: 'The authenticator must have verified its user.',
      auth: 'public',
      request: passkeyAssertionSchema,
      response: SIGNED_IN,
      responses: { 401: 'The passkey could not be verified', 429: 'Too many attempts' },
    },
    // One's own factors (account-router.ts) and the policy (policy-router.ts): their definitions.
    ...accountFactorsRoutes.map((r) => r.operation),
    ...mfaPolicyRoutes.map((r) => r.operation),
    // Its handler is the users module's (one definition).
    resetFactorsRoute.operation,
  ],
})
