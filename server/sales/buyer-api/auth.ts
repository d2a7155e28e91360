import type { RequestHandler, Response } from 'express'
import { ENROL_REQUIRED } from '../../../core/mfa-policy.ts'
import { loadSession, needsEnrolment } from '../../identity/index.ts'
import type { AppServices } from '../../platform/index.ts'
import { buyerOfKey } from '../buyer-access/keys.server.ts'

/** Who is calling the buyer API: a buyer, through one of its keys or one of its sign-in accounts. */
export type BuyerCaller = { buyerId: number; via: 'key'; keyId: number } | { buyerId: number; via: 'session' }

const UNAUTHORISED = 'Send a valid API key (Authorization: Bearer <key>) or sign in as a buyer'

export function buyerCaller(res: Response): BuyerCaller {
  return res.locals.buyer as BuyerCaller
}

/**
 * Either credential (docs/decisions/0034-buyer-access-and-returns.md): an `Authorization: Bearer`
 * key, which wins when sent, or the session of a `buyer` account (the /buyer page). A session's
 * state-changing requests have already passed the app's same-origin check; a key is not a cookie,
 * so a cross-site page cannot send it on the buyer's behalf. Either way the buyer must be active.
 */
export function requireBuyer(services: AppServices): RequestHandler {
  const { db } = services
  const session = loadSession(services)
  const refuse = (res: Response) => {
    res.setHeader('WWW-Authenticate', 'Bearer')
    res.status(401).json({ message: UNAUTHORISED })
  }
  return async (req, res, next) => {
    const header = req.get('authorization')
    if (header !== undefined) {
      const match = /^Bearer +(\S+)$/i.exec(header.trim())
      const found = match?.[1] ? await buyerOfKey(db, match[1]) : undefined
      if (!found) return refuse(res)
      res.locals.buyer = { buyerId: found.buyerId, via: 'key', keyId: found.keyId } satisfies BuyerCaller
      return next()
    }
    await new Promise<void>((resolve, reject) => {
      Promise.resolve(session(req, res, (err?: unknown) => (err ? reject(err) : resolve()))).catch(reject)
    })
    const buyerId = req.admin?.role === 'buyer' ? req.admin.buyerId : null
    if (!buyerId) return refuse(res)
    const buyer = await db.selectFrom('buyer').select('isActive').where('id', '=', buyerId).executeTakeFirst()
    if (!buyer?.isActive) return refuse(res)
    // The second-factor policy may cover buyers' accounts: one without a factor enrols first.
    if (req.admin && (await needsEnrolment(db, req.admin))) {
      res.status(403).json({ message: ENROL_REQUIRED, enrol: true })
      return
    }
    res.locals.buyer = { buyerId, via: 'session' } satisfies BuyerCaller
    next()
  }
}
