import { Router } from 'express'
import { settingSchema } from '../../core/schemas/settings.ts'
import { audit } from '../audit/audit.server.ts'
import type { AppServices } from '../context.ts'
import { parseBody } from '../http/validate.ts'

export function settingsAdminRouter({ db, site }: AppServices): Router {
  const router = Router()

  router.get('/', async (_req, res) => {
    res.json(
      await db
        .selectFrom('siteSetting')
        .select(['id', 'key', 'value', 'category', 'description', 'updatedAt'])
        .orderBy('key')
        .execute(),
    )
  })

  router.post('/', async (req, res) => {
    const { key, value } = parseBody(settingSchema, req)
    const now = new Date()
    const setting = await db
      .insertInto('siteSetting')
      .values({ key, value, updatedAt: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: now }))
      .returning(['id', 'key', 'value', 'category', 'description', 'updatedAt'])
      .executeTakeFirstOrThrow()
    await audit(db, { actor: req.admin, action: 'setting.update', entity: 'site_setting', entityId: key })
    await site.changed()
    res.json(setting)
  })

  return router
}
