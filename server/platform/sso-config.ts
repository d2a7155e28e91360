import { z } from 'zod'

/** Single sign-on with an OpenID Connect provider (docs/decisions/0044-single-sign-on.md). */
export type SsoConfig = {
  /** The provider's issuer identifier; discovery is read from `{issuer}/.well-known/openid-configuration`. */
  issuer: string
  clientId: string
  clientSecret: string
  /** Shown on the button: "Sign in with {providerName}". */
  providerName: string
  /** Lower-case e-mail domains whose verified addresses may sign in this way. */
  allowedDomains: string[]
  /** A first sign-in with no linked account: only an existing active user, or a new user with `defaultRole`. */
  newUsers: 'existing-only' | 'create'
  defaultRole: 'editor' | 'admin'
  /** false: an account linked to SSO, or whose address is in an allowed domain, cannot use a password. */
  passwordSignIn: boolean
  /** Talks to an http:// issuer (never in production unless SSO_ALLOW_HTTP says so: local test providers). */
  allowHttp: boolean
  /**
   * `amr` values in the provider's ID token that show it asked for a second factor; with one of
   * them the account's own factor is not asked again. Empty: always asked.
   */
  mfaAmr: string[]
}

/** RFC 8176 methods that are a second factor or include one. */
export const DEFAULT_MFA_AMR = ['mfa', 'otp', 'hwk', 'swk']

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)

export const ssoEnvSchema = z.object({
  SSO_ISSUER: optional,
  SSO_CLIENT_ID: optional,
  SSO_CLIENT_SECRET: optional,
  SSO_PROVIDER_NAME: optional,
  SSO_ALLOWED_DOMAINS: optional,
  SSO_NEW_USERS: z.enum(['existing-only', 'create']).default('existing-only'),
  SSO_DEFAULT_ROLE: optional.pipe(z.enum(['editor', 'admin']).optional()),
  SSO_PASSWORD_SIGN_IN: z.enum(['on', 'off']).default('on'),
  SSO_ALLOW_HTTP: z.enum(['true', 'false', '']).default('false'),
  SSO_MFA_AMR: optional,
})

const REQUIRED = [
  'SSO_ISSUER',
  'SSO_CLIENT_ID',
  'SSO_CLIENT_SECRET',
  'SSO_PROVIDER_NAME',
  'SSO_ALLOWED_DOMAINS',
] as const

const domainPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

/**
 * All or none: SSO is off while none of the required variables is set, and a partial or
 * inconsistent set stops the start with the list of what is wrong.
 */
export function parseSsoConfig(
  env: z.output<typeof ssoEnvSchema>,
  nodeEnv: 'development' | 'production' | 'test',
): SsoConfig | null {
  const present = REQUIRED.filter((k) => env[k] !== undefined)
  if (present.length === 0) return null
  const problems: string[] = []
  const missing = REQUIRED.filter((k) => env[k] === undefined)
  if (missing.length > 0)
    problems.push(`single sign-on needs all of ${REQUIRED.join(', ')}; missing ${missing.join(', ')}`)
  const allowHttp = env.SSO_ALLOW_HTTP === 'true' || nodeEnv !== 'production'
  let issuer = ''
  if (env.SSO_ISSUER) {
    try {
      const url = new URL(env.SSO_ISSUER)
      if (url.protocol !== 'https:' && url.protocol !== 'http:')
        problems.push('SSO_ISSUER must be an https:// URL')
      else if (url.protocol === 'http:' && !allowHttp)
        problems.push(
          'SSO_ISSUER must be https:// in production (SSO_ALLOW_HTTP=true allows http for local tests)',
        )
      // The issuer is compared exactly with the provider's `iss`: kept as written, without a trailing slash added.
      issuer = env.SSO_ISSUER
    } catch {
      problems.push('SSO_ISSUER must be a URL')
    }
  }
  const allowedDomains = (env.SSO_ALLOWED_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean)
  const badDomains = allowedDomains.filter((d) => !domainPattern.test(d))
  if (env.SSO_ALLOWED_DOMAINS !== undefined && (allowedDomains.length === 0 || badDomains.length > 0))
    problems.push(
      `SSO_ALLOWED_DOMAINS must be e-mail domains separated by commas${badDomains.length ? ` (not: ${badDomains.join(', ')})` : ''}`,
    )
  const amrNone = env.SSO_MFA_AMR?.toLowerCase() === 'none'
  const mfaAmr =
    env.SSO_MFA_AMR === undefined
      ? DEFAULT_MFA_AMR
      : amrNone
        ? []
        : env.SSO_MFA_AMR.split(',')
            .map((v) => v.trim())
            .filter(Boolean)
  if (!amrNone && (mfaAmr.length === 0 || mfaAmr.some((v) => !/^[A-Za-z0-9_.:-]{1,64}$/.test(v))))
    problems.push('SSO_MFA_AMR must be amr values separated by commas (e.g. mfa,otp,hwk,swk), or none')
  if (env.SSO_NEW_USERS === 'create' && !env.SSO_DEFAULT_ROLE)
    problems.push('SSO_NEW_USERS=create needs SSO_DEFAULT_ROLE (editor or admin)')
  if (problems.length > 0) throw new Error(`Invalid environment: ${problems.join('; ')}`)
  return {
    issuer,
    clientId: env.SSO_CLIENT_ID as string,
    clientSecret: env.SSO_CLIENT_SECRET as string,
    providerName: env.SSO_PROVIDER_NAME as string,
    allowedDomains,
    newUsers: env.SSO_NEW_USERS,
    defaultRole: env.SSO_DEFAULT_ROLE ?? 'editor',
    passwordSignIn: env.SSO_PASSWORD_SIGN_IN === 'on',
    allowHttp,
    mfaAmr,
  }
}

/** Whether the provider says this sign-in used a second factor (an `amr` value the configuration trusts). */
export function providerUsedSecondFactor(sso: SsoConfig, amr: readonly string[]): boolean {
  return amr.some((value) => sso.mfaAmr.includes(value))
}

/** The part of an address after the last @, lower-case. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase()
}

export function isAllowedDomain(sso: SsoConfig, email: string): boolean {
  return sso.allowedDomains.includes(emailDomain(email))
}
