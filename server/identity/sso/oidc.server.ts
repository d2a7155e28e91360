import * as client from 'openid-client'
import type { SsoConfig } from '../../platform/index.ts'

export const SSO_CALLBACK_PATH = '/api/auth/sso/callback'

/** The provider's metadata and keys, read once per issuer and client and kept (a failure is retried next time). */
const discovered = new Map<string, Promise<client.Configuration>>()

export function providerConfiguration(sso: SsoConfig): Promise<client.Configuration> {
  const key = `${sso.issuer}\n${sso.clientId}\n${sso.clientSecret}`
  let found = discovered.get(key)
  if (!found) {
    found = client.discovery(
      new URL(sso.issuer),
      sso.clientId,
      sso.clientSecret,
      client.ClientSecretBasic(sso.clientSecret),
      sso.allowHttp && sso.issuer.startsWith('http:')
        ? { execute: [client.allowInsecureRequests] }
        : undefined,
    )
    found.catch(() => discovered.delete(key))
    discovered.set(key, found)
  }
  return found
}

export type StartedSignIn = { url: URL; state: string; nonce: string; codeVerifier: string }

/** The provider's authorisation address for a new sign-in: code flow, PKCE S256, fresh state and nonce. */
export async function startSignIn(sso: SsoConfig, redirectUri: string): Promise<StartedSignIn> {
  const configuration = await providerConfiguration(sso)
  const codeVerifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  })
  return { url, state, nonce, codeVerifier }
}

export type ProviderIdentity = {
  subject: string
  email: string | undefined
  emailVerified: boolean
  givenName: string | undefined
  familyName: string | undefined
  /** The ID token's authentication methods (RFC 8176); never read from userinfo. */
  amr: string[]
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined)

/**
 * Exchanges the code (with the PKCE verifier) and validates the ID token: signature, issuer,
 * audience, expiry, nonce and state are openid-client's checks. The address comes from the ID
 * token, or from userinfo when the provider keeps it there (oidc-provider does by default).
 */
export async function finishSignIn(
  sso: SsoConfig,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<ProviderIdentity> {
  const configuration = await providerConfiguration(sso)
  const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  })
  const idClaims = tokens.claims()
  if (!idClaims) throw new Error('The provider sent no ID token')
  let claims: Record<string, unknown> = idClaims
  if (idClaims.email === undefined || idClaims.email_verified === undefined) {
    const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)
    claims = { ...info, ...idClaims }
  }
  return {
    subject: idClaims.sub,
    email: text(claims.email)?.toLowerCase(),
    // Only a real boolean true counts: a missing claim or the string "true" do not. Microsoft Entra
    // ID sends no email_verified; its optional claim xms_edov (the address's domain is verified by
    // its owner) says the same there.
    emailVerified: claims.email_verified === true || claims.xms_edov === true,
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    amr: Array.isArray(idClaims.amr) ? idClaims.amr.filter((v): v is string => typeof v === 'string') : [],
  }
}
