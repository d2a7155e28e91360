import { type SubjectErasure, type SubjectIdentity, subjectOf } from '../../../core/schemas/data-requests.ts'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import type { AppServices } from '../../platform/index.ts'
import { audit, auditEntriesAbout } from '../../platform/index.ts'
import {
  deleteLeads,
  eraseSubjectLeads,
  findLeads,
  scrubErasedLeads,
  subjectLeads,
} from '../personal-data.server.ts'
import { eraseSubjectComplaints, subjectComplaints } from './complaints.server.ts'
import {
  type LedgerEntry,
  ledgerEntriesFor,
  ledgerMatcher,
  mergeLedger,
  readLedger,
  recordErasure,
} from './erasure-ledger.server.ts'

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
  const complaints = await subjectComplaints(db, identity)
  const activity = await auditEntriesAbout(
    db,
    'lead',
    leads.map((l) => l.id),
  )
  await audit(db, {
    actor,
    action: 'subject.export',
    entity: 'subject',
    detail: {
      by: identity.by,
      leads: leads.length,
      submissions: submissions.length,
      complaints: complaints.length,
      download,
    },
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
    complaints,
  }
}

/**
 * Erases the person (UK GDPR article 17): their leads and later submissions and all tied to them, down to the bytes in
 * the database's files (docs/decisions/0022-erasure-on-disk.md). Audit entries about those leads
 * hold ids and counts only, so they stay as the record of who saw what. The erasure's own entry
 * says how, and how many, never who: not even a hash, since a phone number's hash is undone by
 * trying every number. The erasure ledger holds keyed hashes, whose key is not in the database, so
 * that a restore of an older backup erases the person again.
 */
export async function eraseSubject(
  { db, dialect, config, logger }: Pick<AppServices, 'db' | 'dialect' | 'config' | 'logger'>,
  identity: SubjectIdentity,
  actor: Actor,
): Promise<SubjectErasure> {
  const erased = await eraseSubjectLeads(db, dialect, identity, (trx, who) =>
    recordErasure(trx, ledgerEntriesFor(config.erasureKey, who, new Date())),
  )
  const complaints = await eraseSubjectComplaints(db, identity)
  await audit(db, {
    actor,
    action: 'subject.erase',
    entity: 'subject',
    detail: { by: identity.by, leads: erased.ids.length, submissions: erased.submissions, complaints },
  })
  const scrubbed = await scrubErasedLeads(db, dialect).catch((err: Error) => {
    logger.error({ err }, 'erasure: the deleted rows could not be scrubbed from the database files')
    return null
  })
  if (scrubbed === false)
    logger.warn('erasure: the WAL stayed busy; the deleted rows stay in it until a checkpoint')
  return {
    subject: subjectOf(identity),
    erased: erased.ids.length,
    submissions: erased.submissions,
    complaints,
  }
}

/**
 * After a restore: merges `entries` (the ledger of the database that was replaced, and of an
 * exported file) into the restored database's ledger, then erases every lead its ledger covers
 * (one that existed when its person was erased) and scrubs the files. Returns how many leads went.
 */
export async function reapplyErasures(
  { db, dialect }: Pick<AppServices, 'db' | 'dialect'>,
  key: Buffer,
  entries: LedgerEntry[],
): Promise<{ ledgerAdded: number; leadsErased: number; scrubbed: boolean }> {
  const { ledgerAdded, leadsErased } = await db.transaction().execute(async (trx) => {
    const ledgerAdded = await mergeLedger(trx, entries)
    const covered = ledgerMatcher(key, await readLedger(trx))
    const leadsErased = await deleteLeads(trx, await findLeads(trx, covered))
    // A submission is its sender's, whoever's lead it is linked to.
    await deleteLeads(trx, await findLeads(trx, covered, 'leadSubmission'), 'leadSubmission')
    return { ledgerAdded, leadsErased }
  })
  const scrubbed = await scrubErasedLeads(db, dialect, { compact: true })
  return { ledgerAdded, leadsErased, scrubbed }
}
