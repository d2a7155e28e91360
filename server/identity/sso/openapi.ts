import { ssoSettingsViewSchema } from '../../../core/schemas/sso.ts'
import { defineApi, toJsonSchema } from '../../platform/index.ts'

const REFUSED =
  'Every refusal (state, provider, e-mail, domain, account) redirects to `/api/login?error=sso-…` and records `auth.sign_in_failed`.'

export const ssoApi = defineApi({
  tag: {
    name: 'Single sign-on',
    description: 'OpenID Connect sign-in through the organisation’s identity provider (set by environment).',
  },
  schemas: {
    SsoSettings: toJsonSchema(ssoSettingsViewSchema, 'output'),
  },
  operations: [
    {
      method: 'get',
      path: '/api/auth/sso/start',
      summary: 'Start single sign-on',
      description:
        'Redirects to the provider (authorisation code flow with PKCE S256, fresh `state` and `nonce`, kept server-side for ten minutes and bound to this browser by a cookie).',
      auth: 'public',
      status: 303,
    },
    {
      method: 'get',
      path: '/api/auth/sso/callback',
      summary: 'Single sign-on callback',
      description: `Where the provider sends the browser back. Checks the state (once only), exchanges the code, validates the ID token, requires a verified address in an allowed domain and refuses a second provider subject for an account. An account with its own second factor goes on to /api/login?step=second unless the ID token's amr shows the provider asked for a second factor (SSO_MFA_AMR); otherwise it signs in and redirects to /admin. ${REFUSED}`,
      auth: 'public',
      status: 303,
    },
    {
      method: 'get',
      path: '/api/admin/sso',
      summary: 'Single sign-on configuration and linked users',
      description:
        'Read-only: the configuration comes from the environment. The client secret is never shown.',
      auth: 'permission:users',
      response: { $ref: '#/components/schemas/SsoSettings' },
    },
  ],
})
