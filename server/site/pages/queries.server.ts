import type { Kysely } from 'kysely'
import type { DB, Page } from '../../platform/index.ts'
import { json } from '../../platform/index.ts'

type PageValues = {
  slug: string
  title: string
  metaDescription?: string | null
  metaKeywords?: string | null
  targetKeyword?: string | null
  ogTitle?: string | null
  ogDescription?: string | null
  content: unknown
  isPublished: boolean
  hideTitle?: boolean
  /** The publication that puts this version live; a save of any other version clears it. */
  publicationId?: number | null
}

/** Published pages by slug, for the site snapshot. */
export async function loadPublishedPages(db: Kysely<DB>): Promise<Map<string, Page>> {
  const pages = await db.selectFrom('page').selectAll().where('isPublished', '=', true).execute()
  return new Map(pages.map((p) => [p.slug, p]))
}

export function getPublishedPage(db: Kysely<DB>, slug: string) {
  return db
    .selectFrom('page')
    .select([
      'id',
      'slug',
      'title',
      'metaDescription',
      'metaKeywords',
      'ogTitle',
      'ogDescription',
      'content',
      'isPublished',
      'hideTitle',
      'updatedAt',
    ])
    .where('slug', '=', slug)
    .where('isPublished', '=', true)
    .executeTakeFirst()
}

export type PublicPage = NonNullable<Awaited<ReturnType<typeof getPublishedPage>>>

export function listPages(db: Kysely<DB>) {
  return db
    .selectFrom('page')
    .select(['id', 'title', 'slug', 'metaDescription', 'isPublished', 'createdAt', 'updatedAt'])
    .orderBy('id')
    .execute()
}

export function findPage(db: Kysely<DB>, id: number) {
  return db.selectFrom('page').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function isSlugTaken(db: Kysely<DB>, slug: string): Promise<boolean> {
  const row = await db.selectFrom('page').select('id').where('slug', '=', slug).executeTakeFirst()
  return row !== undefined
}

export function insertPage(db: Kysely<DB>, values: PageValues) {
  return db
    .insertInto('page')
    .values({ ...values, content: json(values.content) })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export function updatePage(db: Kysely<DB>, id: number, values: Partial<PageValues>) {
  const { content, ...rest } = values
  return db
    .updateTable('page')
    .set({ ...rest, ...(content === undefined ? {} : { content: json(content) }), updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function deletePage(db: Kysely<DB>, id: number) {
  await db.deleteFrom('page').where('id', '=', id).execute()
}

const revisionFields = [
  'slug',
  'title',
  'metaDescription',
  'metaKeywords',
  'targetKeyword',
  'ogTitle',
  'ogDescription',
  'content',
] as const

/**
 * Saves `values` over the page and keeps what it was as a revision, in one transaction. A change of
 * the published flag alone is not a new version of the page and keeps none.
 */
export async function updatePageKeepingRevision(
  db: Kysely<DB>,
  previous: Page,
  values: Partial<PageValues>,
  actor: { id: number; email: string } | undefined,
) {
  const keep = revisionFields.some((field) => values[field] !== undefined)
  return db.transaction().execute(async (trx) => {
    if (keep) {
      await trx
        .insertInto('pageRevision')
        .values({
          pageId: previous.id,
          slug: previous.slug,
          title: previous.title,
          metaDescription: previous.metaDescription,
          metaKeywords: previous.metaKeywords,
          targetKeyword: previous.targetKeyword,
          ogTitle: previous.ogTitle,
          ogDescription: previous.ogDescription,
          content: json(previous.content),
          actorId: actor?.id ?? null,
          actorEmail: actor?.email ?? null,
          publicationId: previous.publicationId,
        })
        .execute()
    }
    // A new version is covered by no approval unless its publication says so.
    return updatePage(trx, previous.id, keep ? { publicationId: null, ...values } : values)
  })
}

/** The approval a version was published with: its approver, when, and the review flags they saw. */
export type RevisionApproval = {
  approvedByEmail: string | null
  approvedAt: string | null
  requestedByEmail: string | null
  flags: { code: string; message: string }[]
} | null

async function withApprovals<R extends { publicationId: number | null }>(
  db: Kysely<DB>,
  rows: R[],
): Promise<(Omit<R, 'publicationId'> & { approval: RevisionApproval })[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.publicationId === null ? [] : [r.publicationId])))]
  const publications = ids.length
    ? await db
        .selectFrom('pagePublication')
        .select(['id', 'decidedByEmail', 'decidedAt', 'requestedByEmail', 'flags'])
        .where('id', 'in', ids)
        .execute()
    : []
  const byId = new Map(publications.map((p) => [p.id, p]))
  return rows.map(({ publicationId, ...row }) => {
    const p = publicationId === null ? undefined : byId.get(publicationId)
    return {
      ...row,
      approval: p
        ? {
            approvedByEmail: p.decidedByEmail,
            approvedAt: p.decidedAt === null ? null : new Date(p.decidedAt).toISOString(),
            requestedByEmail: p.requestedByEmail,
            flags: p.flags,
          }
        : null,
    }
  })
}

export async function listRevisions(db: Kysely<DB>, pageId: number) {
  const rows = await db
    .selectFrom('pageRevision')
    .select(['id', 'pageId', 'title', 'slug', 'actorEmail', 'createdAt', 'publicationId'])
    .where('pageId', '=', pageId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute()
  return withApprovals(db, rows)
}

export async function findRevision(db: Kysely<DB>, pageId: number, revisionId: number) {
  const row = await db
    .selectFrom('pageRevision')
    .selectAll()
    .where('pageId', '=', pageId)
    .where('id', '=', revisionId)
    .executeTakeFirst()
  return row ? (await withApprovals(db, [row]))[0] : undefined
}

/** The page's current version's approval, as a revision's is read. */
export async function pageApproval(db: Kysely<DB>, page: { publicationId: number | null }) {
  return ((await withApprovals(db, [page]))[0] as { approval: RevisionApproval }).approval
}

/** A page by slug, published or not (a variant's preview shows the page it runs on). */
export function findPageBySlug(db: Kysely<DB>, slug: string) {
  return db.selectFrom('page').selectAll().where('slug', '=', slug).executeTakeFirst()
}
