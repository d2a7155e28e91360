import { mfaPolicySchema } from '../../../core/schemas/mfa.ts'
import { apiModule, shape, toJsonSchema } from '../../platform/index.ts'
import { resetFactorsRoute } from '../users/admin-router.ts'
import { accountFactorsRoutes } from './account-router.ts'
import { mfaPolicyRoutes } from './policy-router.ts'
import { factorSignInRoutes } from './sign-in-router.ts'

/**
 * The second factors' part of the document: the sign-in second step, one's own factors, the
 * policy, and resetting a user's factors (its handler is the users module's).
 */
export const factorsApi = apiModule(
  {
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
  },
  [...factorSignInRoutes, ...accountFactorsRoutes, ...mfaPolicyRoutes, resetFactorsRoute],
)
