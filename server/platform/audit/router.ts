import { Router } from 'express'
import type { AppServices } from '../context.ts'
import { latestActivity } from './audit.server.ts'

/** GET /api/admin/activity: the latest audit entries, for the Overview's Recent Activity. */
export function activityAdminRouter({ db }: AppServices): Router {
  const router = Router()
  router.get('/', async (req, res) => {
    const limit = Math.min(Math.max(Number(req.query.limit) || 10, 1), 100)
    res.setHeader('Cache-Control', 'no-store')
    res.json(await latestActivity(db, limit))
  })
  return router
}
