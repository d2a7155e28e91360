import type { AppServices, Job } from '../../platform/index.ts'
import { isNoticeAction, noticeActions, noticeMail } from './notice-text.ts'

export const ACCOUNT_NOTICES_JOB = 'account-notices'
const CURSOR = 'account-notices'
const BATCH = 200
/**
 * On PostgreSQL an audit row's id is taken before its insert commits, so a lower id can become
 * visible after a higher one. A gap younger than this is waited for rather than skipped for good.
 */
const GAP_WAIT_MS = 10_000

type Services = Pick<AppServices, 'db' | 'dialect' | 'mailer' | 'config' | 'logger'>

/**
 * Mails each account about sign-ins and changes to its second factors, read from the audit log
 * (docs/decisions/0045-sessions-and-account-notices.md). A batch is claimed by moving the durable
 * cursor in a transaction (the cursor row locked on PostgreSQL), and mailed after the commit: two
 * runs, here or on another instance, never claim the same row, so no notice goes out twice.
 */
export async function sendAccountNotices(services: Services, now = new Date()): Promise<number> {
  const { db, dialect } = services
  const claimed = await db.transaction().execute(async (trx) => {
    let cursorQuery = trx.selectFrom('accountNoticeCursor').select('lastAuditId').where('name', '=', CURSOR)
    if (dialect === 'postgres') cursorQuery = cursorQuery.forUpdate()
    const cursor = await cursorQuery.executeTakeFirst()
    if (!cursor) return []
    const rows = await trx
      .selectFrom('auditLog')
      .select(['id', 'createdAt', 'action', 'actorId', 'entityId', 'detail'])
      .where('id', '>', cursor.lastAuditId)
      .orderBy('id')
      .limit(BATCH)
      .execute()
    let last = cursor.lastAuditId
    const taken: typeof rows = []
    for (const row of rows) {
      if (row.id !== last + 1 && now.getTime() - row.createdAt.getTime() < GAP_WAIT_MS) break
      last = row.id
      if (isNoticeAction(row.action)) taken.push(row)
    }
    if (last !== cursor.lastAuditId) {
      await trx
        .updateTable('accountNoticeCursor')
        .set({ lastAuditId: last })
        .where('name', '=', CURSOR)
        .execute()
    }
    return taken
  })
  let sent = 0
  for (const row of claimed) {
    if (!isNoticeAction(row.action)) continue
    const who = noticeActions[row.action] === 'entity' ? Number(row.entityId) : row.actorId
    if (!who || !Number.isInteger(who)) continue
    const account = await db
      .selectFrom('adminUser')
      .select(['email', 'isActive'])
      .where('id', '=', who)
      .executeTakeFirst()
    if (!account?.isActive) continue
    if (row.action === 'auth.sign_in' && !(await fromNewDevice(db, row))) continue
    const mail = noticeMail(
      { action: row.action, createdAt: row.createdAt, detail: row.detail as Record<string, unknown> | null },
      account.email,
      services.config.linkOrigin,
    )
    try {
      await services.mailer.send(mail)
      sent++
    } catch (err) {
      // Claimed already: retrying later could send it twice elsewhere. Logged without the address.
      services.logger.error({ err, auditId: row.id, action: row.action }, 'account notice not sent')
    }
  }
  return sent
}

type SignInRow = { id: number; actorId: number | null; detail: unknown }
const deviceOf = (detail: unknown) => {
  const d = (detail ?? {}) as Record<string, unknown>
  return `${String(d.device ?? '')}|${String(d.browser ?? '')}`
}

/**
 * A sign-in is mailed when it comes from a device and browser this account has not signed in
 * from before. The account's very first sign-in is not: there is nothing it could be told apart
 * from, and the account's owner was just given it.
 */
async function fromNewDevice(db: Services['db'], row: SignInRow): Promise<boolean> {
  if (row.actorId === null) return false
  const earlier = await db
    .selectFrom('auditLog')
    .select('detail')
    .where('action', '=', 'auth.sign_in')
    .where('actorId', '=', row.actorId)
    .where('id', '<', row.id)
    .orderBy('id', 'desc')
    .limit(200)
    .execute()
  if (earlier.length === 0) return false
  const device = deviceOf(row.detail)
  return !earlier.some((e) => deviceOf(e.detail) === device)
}

export function accountNoticesJob(services: Services): Job {
  return { name: ACCOUNT_NOTICES_JOB, everyMs: 30_000, run: () => sendAccountNotices(services) }
}

/** Runs the notices soon (after a sign-in, so its mail is prompt); the periodic run is what guarantees it. */
export function kickAccountNotices(services: Pick<AppServices, 'background' | 'jobs'>) {
  services.background.run('account notices', () => services.jobs.run(ACCOUNT_NOTICES_JOB))
}
