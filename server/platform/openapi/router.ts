import { Router } from 'express'
import type { AppServices } from '../context.ts'
import { buildOpenApiDocument } from './document.ts'
import type { ApiModule } from './operation.ts'

/** GET /api/openapi.json: public, as it describes routes and no data; built once, on first ask. */
export function openApiRouter(
  services: AppServices,
  apiModules: readonly ApiModule[],
  sessionCookie: string,
): Router {
  const router = Router()
  let body: string | undefined
  router.get('/api/openapi.json', (_req, res) => {
    body ??= JSON.stringify(
      buildOpenApiDocument(apiModules, {
        publicUrl: services.config.publicUrl,
        sessionCookie,
      }),
    )
    res.setHeader('Cache-Control', 'public, max-age=300')
    res.type('application/json').send(body)
  })
  return router
}
