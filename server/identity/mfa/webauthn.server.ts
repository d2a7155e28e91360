import { isIP } from 'node:net'
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { Request } from 'express'
import { site } from '../../../core/site.ts'
import type { AppServices, Passkey } from '../../platform/index.ts'
import { HttpError } from '../../platform/index.ts'

export const PASSKEY_FAILED = 'That passkey could not be verified. Please try again.'

/**
 * The relying party: the configured public address. WebAuthn refuses IP addresses, so when there
 * is none, or it is one (a local install at http://127.0.0.1:PORT), the address the browser used
 * counts — which works for http://localhost:PORT, the one plain-http origin browsers allow.
 */
export function relyingParty(services: AppServices, req: Request): { rpID: string; origin: string } {
  const configured = services.config.publicUrl ? new URL(services.config.publicUrl) : undefined
  if (configured && isIP(configured.hostname.replace(/^\[|\]$/g, '')) === 0)
    return { rpID: configured.hostname, origin: configured.origin }
  const own = new URL(`${req.protocol}://${req.get('host') ?? 'localhost'}`)
  return { rpID: own.hostname, origin: own.origin }
}

const transportsOf = (row: Passkey) =>
  (Array.isArray(row.transports) ? row.transports : []) as AuthenticatorTransport[]

export function registrationOptions(
  services: AppServices,
  req: Request,
  admin: { id: number; email: string; firstName?: string | null; lastName?: string | null },
  existing: Passkey[],
) {
  const { rpID } = relyingParty(services, req)
  const name = [admin.firstName, admin.lastName].filter(Boolean).join(' ')
  return generateRegistrationOptions({
    rpName: site.name,
    rpID,
    userName: admin.email,
    userDisplayName: name || admin.email,
    // A stable handle that is not the email: the account id, as 8 bytes.
    userID: new TextEncoder().encode(`admin:${admin.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    // Discoverable, so the passkey alone can sign in without typing an email first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  })
}

export async function verifyRegistration(
  services: AppServices,
  req: Request,
  response: unknown,
  expectedChallenge: string,
) {
  const { rpID, origin } = relyingParty(services, req)
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    })
    if (!result.verified) throw new HttpError(400, PASSKEY_FAILED)
    const info = result.registrationInfo
    return {
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    }
  } catch (error) {
    if (error instanceof HttpError) throw error
    req.log?.info({ err: error }, 'passkey registration refused')
    throw new HttpError(400, PASSKEY_FAILED)
  }
}

/** Options for a sign-in: `allow` empty means any discoverable passkey of this site. */
export function authenticationOptions(services: AppServices, req: Request, allow: Passkey[]) {
  const { rpID } = relyingParty(services, req)
  return generateAuthenticationOptions({
    rpID,
    allowCredentials: allow.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    // A passkey alone stands for two factors only when the authenticator checked its user.
    userVerification: allow.length === 0 ? 'required' : 'preferred',
  })
}

/** Verifies an assertion by `row`; returns the new signature counter. */
export async function verifyAuthentication(
  services: AppServices,
  req: Request,
  response: unknown,
  expectedChallenge: string,
  row: Passkey,
  requireUserVerification: boolean,
): Promise<number> {
  const { rpID, origin } = relyingParty(services, req)
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification,
      credential: {
        id: row.credentialId,
        publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
        counter: Number(row.counter),
        transports: transportsOf(row),
      },
    })
    if (!result.verified) throw new HttpError(401, PASSKEY_FAILED)
    return result.authenticationInfo.newCounter
  } catch (error) {
    if (error instanceof HttpError) throw error
    req.log?.info({ err: error }, 'passkey assertion refused')
    throw new HttpError(401, PASSKEY_FAILED)
  }
}
