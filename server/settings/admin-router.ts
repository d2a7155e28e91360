import { Router } from 'express'

import { settingSchema, settingValueError } from '../../core/schemas/settings.ts'

import { audit } from '../audit/audit.server.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'
import { parseBody } from '../http/validate.ts'
import { listSettings, saveSetting } from './queries.server.ts'

export function settingsAdminRouter({ db, site }: AppServices): Router {
  const router = Router()

  router.get('/', async (_req, res) => {
    res.json(await listSettings(db))
  })

  router.post('/', async (req, res) => {
    const { key, value } = parseBody(settingSchema, req)
    const invalid = settingValueError(key, value)
    if (invalid) throw new HttpError(400, invalid)
    const setting = await saveSetting(db, key, value)
    await audit(db, { actor: req.admin, action: 'setting.update', entity: 'site_setting', entityId: key })
    await site.changed()
    res.json(setting)
  })

  return router
}
