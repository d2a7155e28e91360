import { redirectCreateSchema, redirectUpdateSchema } from '../../core/admin-schemas.ts'
import { crudRouter } from '../admin/crud-router.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'

/** A rule must be able to match something and lead somewhere we can send a browser. */
export function checkRedirect(record: Record<string, unknown>) {
  const fromUrl = String(record.fromUrl ?? '')
  const toUrl = String(record.toUrl ?? '')
  if (record.isRegex) {
    try {
      new RegExp(fromUrl)
    } catch (error) {
      throw new HttpError(400, `The From URL is not a valid regular expression: ${(error as Error).message}`)
    }
  } else if (!fromUrl.startsWith('/')) {
    throw new HttpError(400, 'The From URL must be a path starting with /')
  }
  if (!toUrl.startsWith('/') && !/^https?:\/\/[^\s/]+/i.test(toUrl)) {
    throw new HttpError(400, 'The To URL must be a path starting with / or an http(s) address')
  }
  if (!record.isRegex && fromUrl === toUrl) throw new HttpError(409, 'A redirect cannot point to itself')
}

export function redirectsAdminRouter(services: AppServices) {
  return crudRouter(services, {
    table: 'redirect',
    label: 'Redirect',
    createSchema: redirectCreateSchema,
    updateSchema: redirectUpdateSchema,
    check: checkRedirect,
  })
}
