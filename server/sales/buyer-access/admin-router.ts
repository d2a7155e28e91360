import { Router } from 'express'
import { apiKeyCreateSchema, buyerAccountCreateSchema } from '../../../core/schemas/buyer-access.ts'
import {
  assertAcceptablePassword,
  awaitsPassword,
  createBuyerAccount,
  deleteBuyerAccount,
  findAdminByEmail,
  findBuyerAccount,
  listBuyerAccounts,
  requireFreshSignIn,
  sendInvite,
  toBuyerAccountView,
} from '../../identity/index.ts'
import type { AppServices } from '../../platform/index.ts'
import { audit, HttpError, isUniqueViolation, parseBody, parseId } from '../../platform/index.ts'
import { createKey, listKeys, revokeKey } from './keys.server.ts'

const DUPLICATE_EMAIL = 'An account with this email already exists'

/**
 * Under /api/admin/buyers, behind the buyers permission: a buyer's API keys and sign-in accounts.
 * Only these paths are routed here; the rest of /buyers falls through to the buyers module.
 */
export function buyerAccessAdminRouter(services: AppServices): Router {
  const { db } = services
  const router = Router()

  async function buyerIdOf(param: unknown) {
    const id = parseId(param, 'Buyer')
    const buyer = await db.selectFrom('buyer').select('id').where('id', '=', id).executeTakeFirst()
    if (!buyer) throw new HttpError(404, 'Buyer not found')
    return id
  }

  router.get('/:id/keys', async (req, res) => {
    const buyerId = await buyerIdOf(req.params.id)
    res.setHeader('Cache-Control', 'no-store')
    res.json(await listKeys(db, buyerId))
  })

  // A new key is a new credential to the buyer's leads: it needs a fresh sign-in (docs/decisions/0053).
  router.post('/:id/keys', requireFreshSignIn, async (req, res) => {
    const buyerId = await buyerIdOf(req.params.id)
    const { name } = parseBody(apiKeyCreateSchema, req)
    const created = await createKey(db, buyerId, name)
    await audit(db, {
      actor: req.admin,
      action: 'buyer_key.create',
      entity: 'buyer',
      entityId: buyerId,
      detail: { keyId: created.id, name, prefix: created.prefix },
    })
    res.setHeader('Cache-Control', 'no-store')
    res.status(201).json(created)
  })

  router.delete('/:id/keys/:keyId', async (req, res) => {
    const buyerId = await buyerIdOf(req.params.id)
    const keyId = parseId(req.params.keyId, 'API key')
    const revoked = await revokeKey(db, buyerId, keyId)
    if (!revoked) throw new HttpError(404, 'API key not found')
    await audit(db, {
      actor: req.admin,
      action: 'buyer_key.revoke',
      entity: 'buyer',
      entityId: buyerId,
      detail: { keyId, prefix: revoked.prefix },
    })
    res.json(revoked)
  })

  router.get('/:id/accounts', async (req, res) => {
    const buyerId = await buyerIdOf(req.params.id)
    res.setHeader('Cache-Control', 'no-store')
    res.json(await listBuyerAccounts(db, buyerId))
  })

  router.post('/:id/accounts', async (req, res) => {
    const buyerId = await buyerIdOf(req.params.id)
    const input = parseBody(buyerAccountCreateSchema, req)
    if (input.password !== undefined) assertAcceptablePassword(input.password)
    if (await findAdminByEmail(db, input.email)) throw new HttpError(409, DUPLICATE_EMAIL)
    let row: Awaited<ReturnType<typeof createBuyerAccount>>
    try {
      row = await createBuyerAccount(db, buyerId, input)
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, DUPLICATE_EMAIL)
      throw error
    }
    const invited = input.password === undefined
    await audit(db, {
      actor: req.admin,
      action: 'buyer_account.create',
      entity: 'admin_user',
      entityId: row.id,
      detail: { buyerId, invited },
    })
    if (invited) await sendInvite(services, row, req.admin, { buyerId })
    res.status(201).json(toBuyerAccountView(row))
  })

  // Another link for an account that has not chosen its password yet; the last link stops working.
  router.post('/:id/accounts/:userId/invite', async (req, res) => {
    const buyerId = await buyerIdOf(req.params.id)
    const row = await findBuyerAccount(db, buyerId, parseId(req.params.userId, 'Account'))
    if (!row) throw new HttpError(404, 'Account not found')
    if (!awaitsPassword(row))
      throw new HttpError(409, 'This account has chosen its password: it can use “Forgot password?”')
    const expires = await sendInvite(services, row, req.admin, { buyerId, resent: true })
    res.json({ message: `A new invitation was sent to ${row.email}`, expiresAt: expires.toISOString() })
  })

  router.delete('/:id/accounts/:userId', async (req, res) => {
    const buyerId = await buyerIdOf(req.params.id)
    const userId = parseId(req.params.userId, 'Account')
    if (!(await deleteBuyerAccount(db, buyerId, userId))) throw new HttpError(404, 'Account not found')
    await audit(db, {
      actor: req.admin,
      action: 'buyer_account.delete',
      entity: 'admin_user',
      entityId: userId,
      detail: { buyerId },
    })
    res.status(204).end()
  })

  return router
}
