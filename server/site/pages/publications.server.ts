import type { Kysely, Selectable, Updateable } from 'kysely'
import { toLondonLocal } from '../../../core/london-time.ts'
import { approvalRefusal, approvalRequired } from '../../../core/publish-approval.ts'
import type {
  PublicationStatus,
  PublicationView,
  ReviewFlag,
} from '../../../core/schemas/page-publications.ts'
import { isSystemPageSlug } from '../../../core/schemas/pages.ts'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import { settingValue } from '../../../core/settings.ts'
import type { DB, Job, Page } from '../../platform/index.ts'
import { audit, HttpError, isUniqueViolation, json } from '../../platform/index.ts'
import type { SiteState } from '../site-state.server.ts'
import { findPage, isSlugTaken, updatePageKeepingRevision } from './queries.server.ts'
import { type ReviewFlags, type ReviewTarget, reviewFlags } from './review-flags.server.ts'

// Four-eyes and scheduled publishing (docs/decisions/0079-four-eyes-and-scheduled-publishing.md).

type Services = { db: Kysely<DB>; site: SiteState }
type Actor = Pick<CurrentAdmin, 'id' | 'email' | 'role'>
type PublicationRow = Selectable<DB['pagePublication']>

/** The fields a publication puts live: a page version, as a revision keeps it. */
export type PageVersion = Pick<
  Page,
  | 'slug'
  | 'title'
  | 'metaDescription'
  | 'metaKeywords'
  | 'targetKeyword'
  | 'ogTitle'
  | 'ogDescription'
  | 'content'
>

export const versionOf = (page: PageVersion): PageVersion => ({
  slug: page.slug,
  title: page.title,
  metaDescription: page.metaDescription,
  metaKeywords: page.metaKeywords,
  targetKeyword: page.targetKeyword,
  ogTitle: page.ogTitle,
  ogDescription: page.ogDescription,
  content: page.content,
})

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

export function publicationView(row: PublicationRow): PublicationView {
  return {
    id: row.id,
    pageId: row.pageId,
    status: row.status,
    title: row.title,
    slug: row.slug,
    flags: row.flags,
    approvalRequired: row.approvalRequired,
    requestedByEmail: row.requestedByEmail,
    requestedAt: new Date(row.requestedAt).toISOString(),
    publishAt: iso(row.publishAt),
    publishAtLondon: row.publishAt === null ? null : toLondonLocal(new Date(row.publishAt)),
    decidedByEmail: row.decidedByEmail,
    decidedAt: iso(row.decidedAt),
    note: row.note,
    publishedAt: iso(row.publishedAt),
  }
}

/** The operator's setting, read from the database: a control must not wait for a cache. */
async function approvalOn(db: Kysely<DB>): Promise<boolean> {
  const row = await db
    .selectFrom('siteSetting')
    .select('value')
    .where('key', '=', 'publish_approval_required')
    .executeTakeFirst()
  return settingValue(
    new Map([['publish_approval_required', row?.value ?? null]]),
    'publish_approval_required',
  )
}

/** Whether `content` needs a second admin before it goes live, and what the review flagged. */
export async function approvalFor(
  services: Services,
  target: ReviewTarget,
  review: ReviewFlags = reviewFlags,
): Promise<{ required: boolean; flags: ReviewFlag[] }> {
  const flags = await review(services, target)
  return { required: approvalRequired({ approvalOn: await approvalOn(services.db), flags }), flags }
}

export function findPublication(db: Kysely<DB>, id: number) {
  return db.selectFrom('pagePublication').selectAll().where('id', '=', id).executeTakeFirst()
}

export function listPublications(db: Kysely<DB>, filter: { status?: PublicationStatus; pageId?: number }) {
  let query = db.selectFrom('pagePublication').selectAll().orderBy('id', 'desc').limit(200)
  if (filter.status) query = query.where('status', '=', filter.status)
  if (filter.pageId) query = query.where('pageId', '=', filter.pageId)
  return query.execute()
}

/**
 * Moves a publication from one status to the next only if it is still in `from`: the one claim
 * that makes a decision or a scheduled run happen once, whichever instance or admin comes second.
 */
async function move(
  db: Kysely<DB>,
  id: number,
  from: readonly PublicationStatus[],
  set: Omit<Updateable<DB['pagePublication']>, 'content' | 'flags'>,
): Promise<boolean> {
  const result = await db
    .updateTable('pagePublication')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Publishes a publication this process has claimed (status `publishing`): the page takes its
 * version and is published, what it was becomes a revision, the audit log and the site state
 * learn of it. A slug taken meanwhile ends it `failed`.
 */
async function publishClaimed(services: Services, row: PublicationRow, by: Actor | undefined) {
  const { db, site } = services
  const page = await findPage(db, row.pageId)
  const fail = async (note: string) => {
    await db.updateTable('pagePublication').set({ status: 'failed', note }).where('id', '=', row.id).execute()
    await audit(db, {
      actor: by,
      actorEmail: by ? undefined : 'scheduler',
      action: 'page.publish_failed',
      entity: 'page',
      entityId: row.pageId,
      detail: { publicationId: row.id, note },
    })
  }
  if (!page) {
    await fail('The page was deleted')
    return
  }
  const slug = isSystemPageSlug(page.slug) ? page.slug : row.slug
  // A claim taken over from an instance that died after putting the version live: only the
  // publication's status, the audit and the site state are left to do.
  const alreadyLive = page.publicationId === row.id
  if (!alreadyLive && slug !== page.slug && (await isSlugTaken(db, slug))) {
    await fail('A page with this URL slug already exists')
    return
  }
  const requester =
    row.requestedById === null ? undefined : { id: row.requestedById, email: row.requestedByEmail ?? '' }
  try {
    if (!alreadyLive)
      await updatePageKeepingRevision(
        db,
        page,
        { ...versionOf(row), slug, isPublished: true, publicationId: row.id },
        requester,
      )
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    await fail('A page with this URL slug already exists')
    return
  }
  await db
    .updateTable('pagePublication')
    .set({ status: 'published', publishedAt: new Date() })
    .where('id', '=', row.id)
    .execute()
  await audit(db, {
    actor: by,
    actorEmail: by ? undefined : 'scheduler',
    action: 'page.publish',
    entity: 'page',
    entityId: row.pageId,
    detail: {
      slug,
      title: row.title,
      publicationId: row.id,
      requestedBy: row.requestedByEmail,
      approvedBy: row.decidedByEmail,
      scheduled: row.publishAt !== null,
      flags: row.flags.map((f) => f.code),
    },
  })
  await site.changed()
}

async function reload(db: Kysely<DB>, id: number): Promise<PublicationView> {
  return publicationView((await findPublication(db, id)) as PublicationRow)
}

/**
 * Publishes `version` of `page`: at once, at `publishAt`, or (when approval is required) once a
 * second admin approves. Every publish through here leaves a publication row: who asked, the
 * flags seen, the approver.
 */
export async function requestPublication(
  services: Services,
  page: Page,
  version: PageVersion,
  actor: Actor | undefined,
  options: { publishAt?: Date | null; review?: ReviewFlags } = {},
): Promise<PublicationView> {
  const { db } = services
  const { required, flags } = await approvalFor(
    services,
    { pageId: page.id, slug: version.slug, content: version.content },
    options.review,
  )
  const publishAt = options.publishAt ?? null
  const status: PublicationStatus = required ? 'awaiting-approval' : publishAt ? 'scheduled' : 'publishing'
  const row = await db
    .insertInto('pagePublication')
    .values({
      pageId: page.id,
      status,
      ...versionOf(version),
      content: json(version.content),
      flags: json(flags),
      approvalRequired: required,
      requestedById: actor?.id ?? null,
      requestedByEmail: actor?.email ?? null,
      publishAt,
      claimedAt: status === 'publishing' ? new Date() : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  if (status === 'publishing') {
    await publishClaimed(services, row, actor)
    return reload(db, row.id)
  }
  await audit(db, {
    actor,
    action: required ? 'page.publish_requested' : 'page.publish_scheduled',
    entity: 'page',
    entityId: page.id,
    detail: {
      slug: version.slug,
      title: version.title,
      publicationId: row.id,
      publishAt: publishAt?.toISOString() ?? null,
      flags: flags.map((f) => f.code),
    },
  })
  return publicationView(row)
}

const NOT_AWAITING = 'This publication is no longer awaiting approval'

async function decidable(db: Kysely<DB>, id: number, actor: Actor | undefined): Promise<PublicationRow> {
  const row = await findPublication(db, id)
  if (!row) throw new HttpError(404, 'Publication not found')
  const refusal = approvalRefusal(actor, row.requestedById)
  if (refusal) throw new HttpError(403, refusal)
  if (row.status !== 'awaiting-approval') throw new HttpError(409, NOT_AWAITING)
  return row
}

/**
 * A second admin approves: the version is published now, or scheduled when its time is still to
 * come; the approver and time stay with the publication (and so with the version).
 */
export async function approvePublication(services: Services, id: number, actor: Actor | undefined) {
  const { db } = services
  const row = await decidable(db, id, actor)
  const now = new Date()
  const later = row.publishAt !== null && new Date(row.publishAt) > now
  const decided = { decidedById: actor?.id ?? null, decidedByEmail: actor?.email ?? null, decidedAt: now }
  const status = later ? 'scheduled' : 'publishing'
  if (!(await move(db, id, ['awaiting-approval'], { status, ...decided, claimedAt: later ? null : now })))
    throw new HttpError(409, NOT_AWAITING)
  await audit(db, {
    actor,
    action: 'page.publish_approved',
    entity: 'page',
    entityId: row.pageId,
    detail: { publicationId: id, requestedBy: row.requestedByEmail, flags: row.flags.map((f) => f.code) },
  })
  if (!later) await publishClaimed(services, { ...row, status, ...decided }, actor)
  return reload(db, id)
}

export async function rejectPublication(
  services: Services,
  id: number,
  actor: Actor | undefined,
  note: string,
) {
  const { db } = services
  const row = await decidable(db, id, actor)
  const decided = {
    decidedById: actor?.id ?? null,
    decidedByEmail: actor?.email ?? null,
    decidedAt: new Date(),
  }
  if (!(await move(db, id, ['awaiting-approval'], { status: 'rejected', note, ...decided }))) {
    throw new HttpError(409, NOT_AWAITING)
  }
  await audit(db, {
    actor,
    action: 'page.publish_rejected',
    entity: 'page',
    entityId: row.pageId,
    detail: { publicationId: id, requestedBy: row.requestedByEmail },
  })
  return reload(db, id)
}

/** Withdraws a request or a schedule before it is published. */
export async function cancelPublication(services: Services, id: number, actor: Actor | undefined) {
  const { db } = services
  const row = await findPublication(db, id)
  if (!row) throw new HttpError(404, 'Publication not found')
  if (!(await move(db, id, ['awaiting-approval', 'scheduled'], { status: 'cancelled' }))) {
    throw new HttpError(409, 'Only a publication awaiting approval or scheduled can be cancelled')
  }
  await audit(db, {
    actor,
    action: 'page.publish_cancelled',
    entity: 'page',
    entityId: row.pageId,
    detail: { publicationId: id },
  })
  return reload(db, id)
}

/**
 * Publishes every scheduled publication whose time has come. Each is claimed by a conditional
 * update (`scheduled` → `publishing`) before anything is written: on PostgreSQL a second instance's
 * update of the same row waits for the first and then matches nothing; on SQLite writes are
 * serialised. So each runs exactly once, whichever instance gets there first.
 */
export async function publishDueSchedules(services: Services, now: Date = new Date()): Promise<number> {
  const { db } = services
  const due = await db
    .selectFrom('pagePublication')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'scheduled'), eb('publishAt', '<=', now)]),
        // Claimed by an instance that died before it finished: claimed again, once.
        eb.and([
          eb('status', '=', 'publishing'),
          eb('claimedAt', '<', new Date(now.getTime() - STALE_CLAIM_MS)),
        ]),
      ]),
    )
    .orderBy('id')
    .limit(50)
    .execute()
  let published = 0
  for (const row of due) {
    const claimedAt = new Date(now)
    const claimed =
      row.status === 'scheduled'
        ? await move(db, row.id, ['scheduled'], { status: 'publishing', claimedAt })
        : await reclaim(db, row, claimedAt)
    if (!claimed) continue
    await publishClaimed(services, { ...row, status: 'publishing', claimedAt }, undefined)
    published++
  }
  return published
}

/** How long a claim to publish may last before another instance takes it over. */
export const STALE_CLAIM_MS = 5 * 60_000

/** Takes over a stale claim only if no other instance took it since it was read. */
async function reclaim(db: Kysely<DB>, row: PublicationRow, claimedAt: Date): Promise<boolean> {
  if (!row.claimedAt) return false
  const result = await db
    .updateTable('pagePublication')
    .set({ claimedAt })
    .where('id', '=', row.id)
    .where('status', '=', 'publishing')
    .where('claimedAt', '=', row.claimedAt)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export const SCHEDULED_PUBLISH_JOB = 'pages.scheduled-publish'

/** Every half minute: a publish is at most that late. */
export function scheduledPublishJob(services: Services): Job {
  return { name: SCHEDULED_PUBLISH_JOB, everyMs: 30_000, run: () => publishDueSchedules(services) }
}
