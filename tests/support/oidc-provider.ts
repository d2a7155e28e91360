import { generateKeyPairSync } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'
import { SSO_TEST_CLIENT } from './sso-test-client.ts'

export { SSO_TEST_CLIENT }

/**
 * A real OpenID provider (the `oidc-provider` package) for the single sign-on tests, with its
 * development login and consent pages: the login form takes any name, and the account's id is that
 * name. The account's e-mail is the name; it is verified unless the name starts with
 * "unverified". So `someone@corp.example` is a verified address in the tests' allowed domain,
 * `unverified@corp.example` is not verified, and `someone@elsewhere.example` is foreign.
 * A login name put in `amr` (with its values) signs in with those authentication methods in the
 * ID token's `amr`, as a provider that asked for its own second factor would say.
 */

export type TestProvider = {
  issuer: string
  /** Login name → the `amr` its next sign-ins carry (none when absent). */
  amr: Map<string, string[]>
  close: () => Promise<void>
}

export async function startOidcProvider(options: {
  port?: number
  host?: string
  redirectUris: string[]
}): Promise<TestProvider> {
  const host = options.host ?? '127.0.0.1'
  const server = http.createServer()
  server.listen(options.port ?? 0, host)
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve())
    server.once('error', reject)
  })
  const { port } = server.address() as AddressInfo
  const issuer = `http://${host}:${port}`
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: SSO_TEST_CLIENT.clientId,
        client_secret: SSO_TEST_CLIENT.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['sso-test-cookie-key-0123456789'] },
    claims: {
      // amr is released with openid, so the ID token carries it whenever the login set it.
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: id,
            email_verified: !id.startsWith('unverified'),
            given_name: 'Test',
            family_name: id.split('@')[0],
          }
        },
      }
    },
  })
  // The app and this provider share 127.0.0.1: over plain http the provider must not ask for Secure cookies.
  provider.proxy = false
  // The development login form finishes with only an account id; the session's amr is added here.
  const amr = new Map<string, string[]>()
  const finished = provider.interactionFinished.bind(provider)
  provider.interactionFinished = (req, res, result, options) => {
    const login = result.login
    const methods = login ? amr.get(login.accountId) : undefined
    return finished(
      req,
      res,
      login && methods ? { ...result, login: { ...login, amr: methods } } : result,
      options,
    )
  }
  server.on('request', provider.callback())
  return {
    issuer,
    amr,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

// `node tests/support/oidc-provider.ts PORT REDIRECT_URI`: the provider the e2e suite runs (playwright.config.ts).
if (import.meta.url === `file://${process.argv[1]}`) {
  const [port, ...redirectUris] = process.argv.slice(2)
  const started = await startOidcProvider({ port: Number(port), redirectUris })
  console.log(`OpenID provider for tests at ${started.issuer}`)
}
