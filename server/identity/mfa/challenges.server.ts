import type { Request, Response } from 'express'
import type { AppServices, ChallengeKind } from '../../platform/index.ts'
import { readCookie, serializeCookie } from '../../platform/index.ts'
import { isSecure } from '../auth/middleware.ts'
import { randomToken, tokenDigest } from '../auth/tokens.server.ts'

/** A sign-in in progress lives this long: enough to open an app or touch a key. */
export const CHALLENGE_TTL_MS = 5 * 60_000

const cookieNames: Record<ChallengeKind, string> = {
  'second-step': 'sign_in_step',
  'passkey-sign-in': 'passkey_sign_in',
  'passkey-register': 'passkey_register',
}

function appendCookie(res: Response, cookie: string) {
  const existing = res.getHeader('Set-Cookie')
  const list = Array.isArray(existing) ? existing : existing ? [String(existing)] : []
  res.setHeader('Set-Cookie', [...list, cookie])
}

export type Challenge = {
  tokenHash: string
  adminId: number | null
  challenge: string | null
  /** How the first step of a pending sign-in was done. */
  firstStep: 'password' | 'sso'
}

/**
 * A server-side record of a step in progress (a password accepted and a second factor awaited, or
 * a WebAuthn challenge), named by a random token in an httpOnly cookie; it expires in five minutes.
 * One per browser and kind: issuing again replaces the previous one.
 */
export async function issueChallenge(
  services: AppServices,
  req: Request,
  res: Response,
  kind: ChallengeKind,
  values: { adminId: number | null; challenge: string | null; firstStep?: 'password' | 'sso' },
) {
  const { db } = services
  await dropChallenge(services, req, res, kind, false)
  const token = randomToken()
  await db
    .insertInto('authChallenge')
    .values({
      tokenHash: tokenDigest(token),
      kind,
      adminId: values.adminId,
      challenge: values.challenge,
      firstStep: values.firstStep ?? 'password',
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    })
    .execute()
  appendCookie(
    res,
    serializeCookie(cookieNames[kind], token, { maxAgeMs: CHALLENGE_TTL_MS, secure: isSecure(services) }),
  )
}

/** The live challenge of this kind the request's cookie names, if any. */
export async function readChallenge(
  services: AppServices,
  cookieHeader: string | null | undefined,
  kind: ChallengeKind,
): Promise<Challenge | undefined> {
  const token = readCookie(cookieHeader ?? undefined, cookieNames[kind])
  if (!token || token.length > 100) return undefined
  return services.db
    .selectFrom('authChallenge')
    .select(['tokenHash', 'adminId', 'challenge', 'firstStep'])
    .where('tokenHash', '=', tokenDigest(token))
    .where('kind', '=', kind)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst()
}

export async function updateChallenge(services: AppServices, tokenHash: string, challenge: string) {
  await services.db
    .updateTable('authChallenge')
    .set({ challenge })
    .where('tokenHash', '=', tokenHash)
    .execute()
}

/**
 * Ends the challenge: deleted in one statement that reports whether it was still there, so two
 * requests racing with the same cookie cannot both use it.
 */
export async function consumeChallenge(
  services: AppServices,
  res: Response,
  kind: ChallengeKind,
  tokenHash: string,
) {
  const result = await services.db
    .deleteFrom('authChallenge')
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst()
  clearChallengeCookie(services, res, kind)
  return Number(result.numDeletedRows) > 0
}

export async function dropChallenge(
  services: AppServices,
  req: Request,
  res: Response,
  kind: ChallengeKind,
  clearCookie = true,
) {
  const token = readCookie(req.get('cookie'), cookieNames[kind])
  if (token && token.length <= 100)
    await services.db.deleteFrom('authChallenge').where('tokenHash', '=', tokenDigest(token)).execute()
  if (clearCookie && token) clearChallengeCookie(services, res, kind)
}

function clearChallengeCookie(services: AppServices, res: Response, kind: ChallengeKind) {
  appendCookie(res, serializeCookie(cookieNames[kind], '', { maxAgeMs: 0, secure: isSecure(services) }))
}
