import { Router } from 'express'
import { parseSubjectQuery, type SubjectIdentity } from '../../core/schemas/subjects.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'
import { eraseSubject, exportSubject } from './subjects.server.ts'

function identityOf(query: unknown): { identity: SubjectIdentity; download: boolean } {
  const parsed = parseSubjectQuery(query)
  if (!parsed.ok) throw new HttpError(400, parsed.message)
  return parsed
}

/** Under /api/admin/subjects, behind the subjects permission: a person's data, to see or erase. */
export function subjectsAdminRouter(services: AppServices): Router {
  const router = Router()

  router.get('/', async (req, res) => {
    const { identity, download } = identityOf(req.query)
    const body = await exportSubject(services, identity, req.admin, download)
    res.setHeader('Cache-Control', 'no-store')
    if (download) {
      res.setHeader('Content-Disposition', 'attachment; filename="subject-export.json"')
      res.type('application/json').send(JSON.stringify(body, null, 2))
      return
    }
    res.json(body)
  })

  router.delete('/', async (req, res) => {
    const { identity } = identityOf(req.query)
    res.setHeader('Cache-Control', 'no-store')
    res.json(await eraseSubject(services, identity, req.admin))
  })

  return router
}
