import { mfaPolicySchema, totpCodeSchema } from '../../../core/schemas/mfa.ts'
import { defineApi, ref, shape, toJsonSchema } from '../../platform/index.ts'
import { resetFactorsRoute } from '../users/admin-router.ts'
import { accountFactorsRoutes } from './account-router.ts'
import { mfaPolicyRoutes } from './policy-router.ts'
import { factorSignInRoutes } from './sign-in-router.ts'

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
    // Each part's operations are its definitions': the sign-in second step (sign-in-router.ts),
    // one's own factors (account-router.ts) and the policy (policy-router.ts).
    ...factorSignInRoutes.map((r) => r.operation),
    ...accountFactorsRoutes.map((r) => r.operation),
    ...mfaPolicyRoutes.map((r) => r.operation),
    // Its handler is the users module's (one definition).
    resetFactorsRoute.operation,
  ],
})
