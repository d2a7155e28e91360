import { Router } from 'express'
import { apiModules } from '../../compose/openapi-registry.ts'
import { sessionCookieName } from '../../identity/auth/middleware.ts'
import type { AppServices } from '../context.ts'
import { buildOpenApiDocument } from './document.ts'

/** GET /api/openapi.json: public, as it describes routes and no data; built once, on first ask. */
export function openApiRouter(services: AppServices): Router {
  const router = Router()
  let body: string | undefined
  router.get('/api/openapi.json', (_req, res) => {
    body ??= JSON.stringify(
      buildOpenApiDocument(apiModules, {
        publicUrl: services.config.publicUrl,
        sessionCookie: sessionCookieName(services),
      }),
    )
    res.setHeader('Cache-Control', 'public, max-age=300')
    res.type('application/json').send(body)
  })
  return router
}
