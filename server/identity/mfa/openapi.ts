import { reauthenticateSchema } from '../../../core/fresh-sign-in.ts'
import { changePasswordSchema } from '../../../core/schemas/auth.ts'
import {
  mfaPolicySchema,
  passkeyNameSchema,
  passkeyRegistrationSchema,
  totpCodeSchema,
} from '../../../core/schemas/mfa.ts'
import {
  type ApiOperation,
  arrayOf,
  defineApi,
  messageSchema,
  ref,
  shape,
  toJsonSchema,
} from '../../platform/index.ts'
import { resetFactorsRoute } from '../users/admin-router.ts'
import { factorSignInRoutes } from './sign-in-router.ts'

const options = { type: 'object', description: 'WebAuthn options for the browser (JSON, base64url).' }
const FIRST_CODES =
  "With the account's first factor (no recovery codes ever issued), `recoveryCodes` holds ten codes, shown in this answer only."
const codes = { type: 'array', items: { type: 'string' } }
const FRESH =
  'Needs a sign-in or re-authentication of the last ten minutes: otherwise 403 `{ message, reauthenticate: true }` (POST …/account/reauthenticate, then retry).'
const STALE = {
  403: {
    description: 'A buyer, held at enrolment, or a sign-in older than ten minutes (`reauthenticate: true`)',
    // Each flag only when it applies.
    schema: {
      type: 'object',
      properties: {
        message: { type: 'string' },
        reauthenticate: { type: 'boolean' },
        enrol: { type: 'boolean' },
      },
      required: ['message'],
    },
  },
}
/** Present only with the first factor, so not in `required`. */
const firstCodes = { type: 'object', properties: { recoveryCodes: codes } }

/** A change that needs a fresh sign-in (docs/decisions/0053). */
function fresh(op: Omit<ApiOperation, 'tag'>): Omit<ApiOperation, 'tag'> {
  return {
    ...op,
    description: [op.description, FRESH].filter(Boolean).join(' '),
    responses: { ...STALE, ...op.responses },
  }
}

/**
 * One's own second factors: under /api/admin/account for staff, and the same routes under
 * /api/account for any account, a buyer's included (docs/decisions/0053).
 */
function ownAccount(base: string, who: 'staff' | 'any'): Omit<ApiOperation, 'tag'>[] {
  const note = who === 'any' ? ' Any signed-in account, a buyer’s included.' : ''
  const ops: Omit<ApiOperation, 'tag'>[] = [
    {
      method: 'get',
      path: `${base}/security`,
      summary: 'Your second factors',
      auth: 'session',
      response: shape({
        passkeys: arrayOf(ref('Passkey')),
        totp: shape({ enabled: 'boolean', 'confirmedAt?': 'date-time' }),
        recoveryCodes: shape({ remaining: 'integer', total: 'integer' }),
        required: 'boolean',
        mustEnrol: 'boolean',
      }),
    },
    {
      method: 'post',
      path: `${base}/reauthenticate`,
      summary: 'Confirm it is you again',
      description:
        'Your password, an authenticator code or a recovery code: the session counts as a fresh sign-in for ten minutes. Counted with sign-in attempts.',
      auth: 'session',
      request: reauthenticateSchema,
      response: messageSchema,
      responses: { 400: 'Wrong password or code', 429: 'Too many attempts' },
    },
    {
      method: 'post',
      path: `${base}/password`,
      summary: 'Change your password',
      description:
        'Your current password and a new one (12 to 200 characters, not a common or breached password). The current password is the proof of who asks: no fresh sign-in is needed, and this session counts as one afterwards. Every other session of the account is signed out. Counted with sign-in attempts.',
      auth: 'session',
      request: changePasswordSchema,
      response: shape({ message: 'string', endedSessions: 'integer' }),
      responses: {
        400: 'Wrong current password, or the new one is refused',
        409: 'The account signs in with single sign-on only',
        429: 'Too many attempts',
      },
    },
    fresh({
      method: 'post',
      path: `${base}/passkeys/options`,
      summary: 'Options to create a passkey',
      auth: 'session',
      response: options,
    }),
    fresh({
      method: 'post',
      path: `${base}/passkeys`,
      summary: 'Save a new passkey',
      description: FIRST_CODES,
      auth: 'session',
      request: passkeyRegistrationSchema,
      status: 201,
      response: { allOf: [ref('Passkey'), firstCodes] },
      responses: { 409: 'This passkey is already registered' },
    }),
    fresh({
      method: 'put',
      path: `${base}/passkeys/{id}`,
      summary: 'Rename a passkey',
      auth: 'session',
      request: passkeyNameSchema,
      response: ref('Passkey'),
    }),
    fresh({
      method: 'delete',
      path: `${base}/passkeys/{id}`,
      summary: 'Remove a passkey',
      auth: 'session',
      status: 204,
      responses: { 409: 'The last factor of an account the policy covers' },
    }),
    fresh({
      method: 'post',
      path: `${base}/totp`,
      summary: 'Start setting up an authenticator app',
      description: 'A new secret, its otpauth:// address and a QR code (SVG). It counts once confirmed.',
      auth: 'session',
      response: shape({ secret: 'string', uri: 'string', qrSvg: 'string' }),
      responses: { 409: 'An authenticator app is already set up' },
    }),
    fresh({
      method: 'post',
      path: `${base}/totp/confirm`,
      summary: 'Confirm the authenticator app with a code',
      description: FIRST_CODES,
      auth: 'session',
      request: totpCodeSchema,
      response: { allOf: [messageSchema, firstCodes] },
      responses: { 409: 'Nothing to confirm' },
    }),
    fresh({
      method: 'delete',
      path: `${base}/totp`,
      summary: 'Remove the authenticator app',
      auth: 'session',
      status: 204,
      responses: { 409: 'The last factor of an account the policy covers' },
    }),
    fresh({
      method: 'post',
      path: `${base}/recovery-codes`,
      summary: 'Generate ten recovery codes',
      description: 'Replaces any earlier codes; the codes are shown in this answer only.',
      auth: 'session',
      status: 201,
      response: shape({ codes }),
    }),
  ]
  return ops.map((op) => ({ ...op, description: `${op.description ?? ''}${note}`.trim() || undefined }))
}

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
    // The sign-in second step's operations are its definitions' (sign-in-router.ts).
    ...factorSignInRoutes.map((r) => r.operation),
    ...ownAccount('/api/admin/account', 'staff'),
    ...ownAccount('/api/account', 'any'),
    {
      method: 'get',
      path: '/api/admin/mfa-policy',
      summary: 'Who must have a second factor',
      auth: 'permission:users',
      response: ref('MfaPolicy'),
    },
    {
      method: 'put',
      path: '/api/admin/mfa-policy',
      summary: 'Change who must have a second factor',
      auth: 'permission:users',
      request: mfaPolicySchema,
      response: ref('MfaPolicy'),
    },
    // Its handler is the users module's (one definition).
    resetFactorsRoute.operation,
  ],
})
