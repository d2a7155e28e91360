import { Router } from 'express'
import { returnListQuerySchema } from '../../core/schemas/buyer-access.ts'
import { returnDecisionSchema } from '../../core/schemas/buyers.ts'
import { audit } from '../audit/audit.server.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'
import { parseBody, parseId } from '../http/validate.ts'
import { decideReturn, findReturn, listReturns } from './returns.server.ts'

/** Under /api/admin/returns, behind the buyers permission: the operator's side of returns. */
export function returnsAdminRouter({ db, webhooks }: AppServices): Router {
  const router = Router()

  router.get('/', async (req, res) => {
    const parsed = returnListQuerySchema.safeParse(req.query)
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid query')
    res.setHeader('Cache-Control', 'no-store')
    res.json(await listReturns(db, parsed.data))
  })

  router.put('/:id', async (req, res) => {
    const id = parseId(req.params.id, 'Return')
    const decision = parseBody(returnDecisionSchema, req)
    const row = await decideReturn(db, id, decision, req.admin?.id ?? null)
    // Its notice to the buyer is committed: post it now rather than at the next poll.
    webhooks.wake()
    await audit(db, {
      actor: req.admin,
      action: decision.status === 'approved' ? 'return.approve' : 'return.reject',
      entity: 'lead_return',
      entityId: id,
      detail: { buyerId: row.buyerId, saleId: row.saleId },
    })
    res.json(await findReturn(db, id))
  })

  return router
}
