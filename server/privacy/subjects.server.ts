import { type SubjectErasure, type SubjectIdentity, subjectOf } from '../../core/schemas/subjects.ts'
import type { CurrentAdmin } from '../../core/schemas/users.ts'
import { audit, auditEntriesAbout } from '../audit/audit.server.ts'
import type { AppServices } from '../context.ts'
import { eraseSubjectLeads, subjectLeads } from '../leads/personal-data.server.ts'

type Actor = Pick<CurrentAdmin, 'id' | 'email'> | undefined

/**
 * Everything held about one person (UK GDPR articles 15 and 20), `SubjectExport` once serialised:
 * each lead with every column, its questionnaire answers, its deliveries to buyers with their
 * attempts, and who opened it; and each later submission they sent, with its deliveries. The lookup is audited with counts only.
 */
export async function exportSubject(
  { db }: Pick<AppServices, 'db'>,
  identity: SubjectIdentity,
  actor: Actor,
  download: boolean,
) {
  const { leads, submissions } = await subjectLeads(db, identity)
  const activity = await auditEntriesAbout(
    db,
    'lead',
    leads.map((l) => l.id),
  )
  await audit(db, {
    actor,
    action: 'subject.export',
    entity: 'subject',
    detail: { by: identity.by, leads: leads.length, submissions: submissions.length, download },
  })
  return {
    subject: subjectOf(identity),
    exportedAt: new Date(),
    found: leads.length,
    leads: leads.map((lead) => ({
      ...lead,
      activity: activity
        .filter((a) => a.entityId === String(lead.id))
        .map(({ entityId: _id, ...entry }) => entry),
    })),
    submissions,
  }
}

/**
 * Erases the person (UK GDPR article 17): their leads and later submissions, and all tied to them. Audit entries about
 * those leads hold ids and counts only, so they stay as the record of who saw what. The erasure's
 * own entry says how, and how many, never who: not even a hash, since a phone number's hash is
 * undone by trying every number.
 */
export async function eraseSubject(
  { db, dialect }: Pick<AppServices, 'db' | 'dialect'>,
  identity: SubjectIdentity,
  actor: Actor,
): Promise<SubjectErasure> {
  const erased = await eraseSubjectLeads(db, dialect, identity)
  await audit(db, {
    actor,
    action: 'subject.erase',
    entity: 'subject',
    detail: { by: identity.by, leads: erased.leads.length, submissions: erased.submissions },
  })
  return { subject: subjectOf(identity), erased: erased.leads.length, submissions: erased.submissions }
}
