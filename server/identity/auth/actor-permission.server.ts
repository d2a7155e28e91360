import type { Permission } from '../../../core/permissions.ts'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import { HttpError } from '../../platform/index.ts'

/**
 * The permission check of an operation, for code that performs it on another route's behalf (an
 * experiment's promotion publishes a questionnaire and saves a page): the same answers as the
 * route's guard, so reaching the operation another way grants nothing more.
 */
export function requireActorPermission(actor: CurrentAdmin | undefined, permission: Permission): void {
  if (!actor) throw new HttpError(401, 'Please sign in to continue')
  if (actor.role === 'buyer' || !actor.permissions.includes(permission)) {
    throw new HttpError(403, `Your role does not allow managing ${permission}`)
  }
}
