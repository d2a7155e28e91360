import { Router } from 'express'
import { adminUserCreateSchema, adminUserUpdateSchema } from '../../core/schemas/users.ts'
import { audit } from '../audit/audit.server.ts'
import {
  countOtherActiveAdmins,
  createAdmin,
  findAdminByEmail,
  findAdminById,
  listAdmins,
  toAdminView,
  updateAdmin,
} from '../auth/admins.server.ts'
import { destroyAdminSessions } from '../auth/sessions.server.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'
import { changedFields, isUniqueViolation, parseBody, parseId, requireChanges } from '../http/validate.ts'

const DUPLICATE_EMAIL = 'An admin with this email already exists'

export function usersAdminRouter({ db }: AppServices): Router {
  const router = Router()

  router.get('/', async (_req, res) => {
    const rows = await listAdmins(db)
    res.json(rows.map(toAdminView))
  })

  router.post('/', async (req, res) => {
    const input = parseBody(adminUserCreateSchema, req)
    if (await findAdminByEmail(db, input.email)) throw new HttpError(409, DUPLICATE_EMAIL)
    try {
      const row = await createAdmin(db, input)
      await audit(db, {
        actor: req.admin,
        action: 'user.create',
        entity: 'admin_user',
        entityId: row.id,
        detail: { role: row.role },
      })
      res.status(201).json(toAdminView(row))
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, DUPLICATE_EMAIL)
      throw error
    }
  })

  router.put('/:id', async (req, res) => {
    const id = parseId(req.params.id, 'Admin user')
    const input = parseBody(adminUserUpdateSchema, req)
    requireChanges(input)
    const current = await findAdminById(db, id)
    if (!current) throw new HttpError(404, 'Admin user not found')
    const losesAdmin =
      current.role === 'admin' && current.isActive && (input.role === 'editor' || input.isActive === false)
    if (losesAdmin && id === req.admin?.id)
      throw new HttpError(409, 'You cannot remove your own admin access')
    if (losesAdmin) {
      if ((await countOtherActiveAdmins(db, id)) === 0)
        throw new HttpError(409, 'At least one active admin is required')
    }
    const row = await updateAdmin(db, id, input)
    if (input.isActive === false || (input.role !== undefined && input.role !== current.role)) {
      await destroyAdminSessions(db, id)
    }
    await audit(db, {
      actor: req.admin,
      action: 'user.update',
      entity: 'admin_user',
      entityId: id,
      detail: { fields: changedFields(input), role: row.role, isActive: row.isActive },
    })
    res.json(toAdminView(row))
  })

  return router
}
