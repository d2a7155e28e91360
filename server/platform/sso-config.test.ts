import { describe, expect, it } from 'vitest'
import { parseConfig } from './config.ts'
import { isAllowedDomain } from './sso-config.ts'

const full = {
  SSO_ISSUER: 'https://login.example.com/tenant/v2.0',
  SSO_CLIENT_ID: 'client',
  SSO_CLIENT_SECRET: 'secret',
  SSO_PROVIDER_NAME: 'Microsoft',
  SSO_ALLOWED_DOMAINS: 'Corp.example, @other.example',
}

describe('SSO configuration', () => {
  it('is off when no SSO variable is set', () => {
    expect(parseConfig({}).sso).toBeNull()
  })

  it('reads a full set with its defaults', () => {
    expect(parseConfig(full).sso).toEqual({
      issuer: 'https://login.example.com/tenant/v2.0',
      clientId: 'client',
      clientSecret: 'secret',
      providerName: 'Microsoft',
      allowedDomains: ['corp.example', 'other.example'],
      newUsers: 'existing-only',
      defaultRole: 'editor',
      passwordSignIn: true,
      allowHttp: false,
      mfaAmr: ['mfa', 'otp', 'hwk', 'swk'],
    })
  })

  it("reads the amr values that stand for the account's own factor", () => {
    expect(parseConfig({ ...full, SSO_MFA_AMR: ' mfa , hwk ' }).sso?.mfaAmr).toEqual(['mfa', 'hwk'])
    expect(parseConfig({ ...full, SSO_MFA_AMR: 'none' }).sso?.mfaAmr).toEqual([])
    expect(() => parseConfig({ ...full, SSO_MFA_AMR: 'mfa, bad value' })).toThrow(/SSO_MFA_AMR/)
    expect(() => parseConfig({ ...full, SSO_MFA_AMR: ' , ' })).toThrow(/SSO_MFA_AMR/)
  })

  it('refuses a partial set, naming what is missing', () => {
    expect(() => parseConfig({ SSO_ISSUER: full.SSO_ISSUER, SSO_CLIENT_ID: 'client' })).toThrow(
      /missing SSO_CLIENT_SECRET, SSO_PROVIDER_NAME, SSO_ALLOWED_DOMAINS/,
    )
  })

  it('needs a default role to create users, and real domains', () => {
    expect(() => parseConfig({ ...full, SSO_NEW_USERS: 'create' })).toThrow(/SSO_DEFAULT_ROLE/)
    expect(
      parseConfig({ ...full, SSO_NEW_USERS: 'create', SSO_DEFAULT_ROLE: 'admin' }).sso?.defaultRole,
    ).toBe('admin')
    expect(() => parseConfig({ ...full, SSO_ALLOWED_DOMAINS: 'not a domain' })).toThrow(/SSO_ALLOWED_DOMAINS/)
    expect(() => parseConfig({ ...full, SSO_ALLOWED_DOMAINS: ' , ' })).toThrow(/SSO_ALLOWED_DOMAINS/)
    expect(() => parseConfig({ ...full, SSO_PASSWORD_SIGN_IN: 'maybe' })).toThrow(/SSO_PASSWORD_SIGN_IN/)
  })

  it('allows an http issuer only outside production or with SSO_ALLOW_HTTP', () => {
    const http = { ...full, SSO_ISSUER: 'http://127.0.0.1:3479' }
    expect(() => parseConfig(http)).toThrow(/must be https:\/\/ in production/)
    expect(parseConfig({ ...http, SSO_ALLOW_HTTP: 'true' }).sso?.allowHttp).toBe(true)
    expect(parseConfig({ ...http, NODE_ENV: 'development' }).sso?.issuer).toBe('http://127.0.0.1:3479')
    expect(() => parseConfig({ ...full, SSO_ISSUER: 'ftp://x.example' })).toThrow(/SSO_ISSUER/)
  })

  it('matches the domain after the last @, whatever its case', () => {
    const sso = parseConfig(full).sso
    if (!sso) throw new Error('expected SSO on')
    expect(isAllowedDomain(sso, 'A@CORP.example')).toBe(true)
    expect(isAllowedDomain(sso, 'a@sub.corp.example')).toBe(false)
    expect(isAllowedDomain(sso, 'a@corp.example.evil.test')).toBe(false)
  })
})
