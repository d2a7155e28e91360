import type { Kysely } from 'kysely'
import type { AuditAction } from '../../../core/audit-actions.ts'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import { json } from '../db/database.ts'
import type { DB } from '../db/schema.ts'

export type AuditEntry = {
  actor?: Pick<CurrentAdmin, 'id' | 'email'> | null
  /** Email typed at a failed sign-in, when no admin matched. */
  actorEmail?: string | null
  action: AuditAction
  entity?: string
  entityId?: string | number | null
  /** Never personal data of leads: ids, counts, names of changed fields. */
  detail?: Record<string, unknown>
}

export async function audit(db: Kysely<DB>, entry: AuditEntry) {
  await db
    .insertInto('auditLog')
    .values({
      actorId: entry.actor?.id ?? null,
      actorEmail: entry.actor?.email ?? entry.actorEmail ?? null,
      action: entry.action,
      entity: entry.entity ?? null,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      detail: entry.detail ? json(entry.detail) : null,
    })
    .execute()
}

export function latestActivity(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom('auditLog')
    .select(['id', 'createdAt', 'actorEmail', 'action', 'entity', 'entityId', 'detail'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/** Audit entries about these records of `entity`, oldest first (a person's data export shows them). */
export async function auditEntriesAbout(db: Kysely<DB>, entity: string, ids: readonly (string | number)[]) {
  if (ids.length === 0) return []
  return db
    .selectFrom('auditLog')
    .select(['id', 'createdAt', 'actorEmail', 'action', 'entityId', 'detail'])
    .where('entity', '=', entity)
    .where('entityId', 'in', ids.map(String))
    .orderBy('id')
    .execute()
}
