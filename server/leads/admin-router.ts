import { Router } from 'express'
import type { AppServices } from '../context.ts'
import { leadStats } from './queries.server.ts'

/** Under /api/admin/leads, behind the leads permission. */
export function leadsAdminRouter({ db }: AppServices): Router {
  const router = Router()
  router.get('/stats', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json(await leadStats(db))
  })
  return router
}
