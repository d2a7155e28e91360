import type { ApiOperation } from '../../platform/index.ts'

/** Staff use either base; a buyer's account only /api/account (it never reaches /api/admin). */
export const STAFF = '/api/admin/account'
export const ANY = '/api/account'
export type Base = typeof STAFF | typeof ANY

export const FIRST_CODES =
  "With the account's first factor (no recovery codes ever issued), `recoveryCodes` holds ten codes, shown in this answer only."
export const codes = { type: 'array', items: { type: 'string' } }
/** Present only with the first factor, so not in `required`. */
export const firstCodes = { type: 'object', properties: { recoveryCodes: codes } }
const FRESH =
  'Needs a sign-in or re-authentication of the last ten minutes: otherwise 403 `{ message, reauthenticate: true }` (POST …/account/reauthenticate, then retry).'
export const STALE = {
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
} satisfies ApiOperation['responses']

/** What every own-account route shares under `base`: its wording, the fresh sign-in rule and who may call it. */
export function accountRouteKit(base: Base) {
  const note = base === ANY ? ' Any signed-in account, a buyer’s included.' : ''
  const words = (description?: string) => `${description ?? ''}${note}`.trim() || undefined
  /** A change that needs a fresh sign-in (docs/decisions/0053). */
  const sensitive = (description?: string) => ({
    fresh: true,
    description: words([description, FRESH].filter(Boolean).join(' ')),
  })
  const account = { auth: 'session', anyAccount: base === ANY } as const
  return { sensitive, account, words }
}
