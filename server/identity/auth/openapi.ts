import { roles } from '../../../core/permissions.ts'
import {
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  setupSchema,
} from '../../../core/schemas/auth.ts'
import { defineApi, type JsonSchema, messageSchema, ref, shape } from '../../platform/index.ts'

/** A buyer's sign-in account also names its buyer (`buyerId`), which staff answers leave out. */
function withBuyer(schema: JsonSchema): JsonSchema {
  return {
    ...schema,
    properties: { ...(schema.properties as object), buyerId: { type: ['integer', 'null'] } },
  }
}

const FORM_REDIRECT = 'A form post (no JavaScript) is answered with a 303 to the page that shows the outcome.'

export const authApi = defineApi({
  tag: { name: 'Auth', description: 'Signing in and out, and recovering a password.' },
  schemas: {
    CurrentAdmin: withBuyer(
      shape({
        id: 'integer',
        email: 'string',
        'firstName?': 'string',
        'lastName?': 'string',
        role: {
          type: 'string',
          description: `${roles.join(', ')} (a buyer’s sign-in account); a stored role this version does not know is answered as it is, and grants nothing`,
        },
        permissions: { type: 'array', items: { type: 'string' } },
        'profileImageUrl?': 'string',
      }),
    ),
  },
  operations: [
    {
      method: 'get',
      path: '/api/login',
      summary: 'The sign-in page',
      description: 'An HTML page (the address the specification gives it), not JSON.',
      auth: 'public',
      response: { type: 'string' },
      responseType: 'text/html',
    },
    {
      method: 'post',
      path: '/api/login',
      summary: 'Sign in',
      description: `Sets the session cookie. An account with a second factor is not signed in yet: the answer is \`{ secondFactor: { methods } }\` with a pending sign-in cookie, finished under /api/login/totp, /recovery or /passkey. ${FORM_REDIRECT}`,
      auth: 'public',
      request: loginSchema,
      requestType: 'json-or-form',
      response: {
        oneOf: [
          shape({ user: ref('CurrentAdmin') }),
          shape({
            secondFactor: shape({
              methods: { type: 'array', items: { type: 'string', enum: ['totp', 'passkey', 'recovery'] } },
            }),
          }),
        ],
      },
      responses: { 401: 'Invalid email or password', 429: 'Too many attempts' },
    },
    {
      method: 'get',
      path: '/api/logout',
      summary: 'Sign out',
      description: 'Ends the session and redirects to the home page.',
      auth: 'public',
      status: 302,
    },
    {
      method: 'get',
      path: '/api/auth/user',
      summary: 'The signed-in admin',
      auth: 'session',
      response: ref('CurrentAdmin'),
    },
    {
      method: 'post',
      path: '/api/auth/forgot-password',
      summary: 'Ask for a password reset link',
      description: `Answers alike whether or not the address has an account. ${FORM_REDIRECT}`,
      auth: 'public',
      request: forgotPasswordSchema,
      requestType: 'json-or-form',
      response: messageSchema,
      responses: { 429: 'Too many attempts' },
    },
    {
      method: 'post',
      path: '/api/auth/reset-password',
      summary: 'Set a new password with a reset token',
      description: `Ends the admin's other sessions. ${FORM_REDIRECT}`,
      auth: 'public',
      request: resetPasswordSchema,
      requestType: 'json-or-form',
      response: messageSchema,
    },
    {
      method: 'post',
      path: '/api/setup',
      summary: 'Create the first admin',
      description: `With the one-time token \`npm start\` prints; signs the new admin in. ${FORM_REDIRECT}`,
      auth: 'public',
      request: setupSchema,
      requestType: 'json-or-form',
      status: 201,
      response: shape({ user: ref('CurrentAdmin') }),
      responses: { 403: 'The setup token is not valid', 409: 'Setup is already complete' },
    },
  ],
})
