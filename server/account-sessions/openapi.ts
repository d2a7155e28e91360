import { accountSessionListSchema } from '../../core/schemas/account-sessions.ts'
import { defineApi, shape } from '../openapi/operation.ts'

const sessionId = {
  sessionId: { type: 'string', format: 'uuid', description: 'The `id` the session list gave out' },
}
const ended = shape({ ended: 'integer', signedOut: 'boolean' })

export const accountSessionsApi = defineApi({
  tag: {
    name: 'Sessions',
    description:
      'Signed-in sessions an account can see and end (device, browser, network prefix; no geolocation), and an admin can for anyone.',
  },
  operations: [
    {
      method: 'get',
      path: '/api/account/sessions',
      summary: "The signed-in account's active sessions",
      description: 'Any signed-in account, a buyer’s too. `current` marks the session making the request.',
      auth: 'session',
      response: accountSessionListSchema,
    },
    {
      method: 'delete',
      path: '/api/account/sessions/{sessionId}',
      summary: 'End one of your sessions',
      description: 'Ending the current session signs out (`signedOut: true`, the cookie is cleared).',
      auth: 'session',
      params: sessionId,
      response: ended,
    },
    {
      method: 'delete',
      path: '/api/account/sessions',
      summary: 'Sign out everywhere else',
      description: 'Ends every session of the account except the current one.',
      auth: 'session',
      response: ended,
    },
    {
      method: 'get',
      path: '/api/admin/users/{id}/sessions',
      summary: "A user's active sessions",
      auth: 'permission:users',
      response: accountSessionListSchema,
    },
    {
      method: 'delete',
      path: '/api/admin/users/{id}/sessions/{sessionId}',
      summary: "End one of a user's sessions",
      description: 'Only an admin may end the sessions of a user with admin access.',
      auth: 'permission:users',
      params: sessionId,
      response: ended,
    },
    {
      method: 'delete',
      path: '/api/admin/users/{id}/sessions',
      summary: "End all of a user's sessions",
      description: "Every session of the user but the caller's own.",
      auth: 'permission:users',
      response: ended,
    },
  ],
})
