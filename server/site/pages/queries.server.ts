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
        })
        .execute()
    }
    return updatePage(trx, previous.id, values)
  })
}

export function listRevisions(db: Kysely<DB>, pageId: number) {
  return db
    .selectFrom('pageRevision')
    .select(['id', 'pageId', 'title', 'slug', 'actorEmail', 'createdAt'])
    .where('pageId', '=', pageId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute()
}

export function findRevision(db: Kysely<DB>, pageId: number, revisionId: number) {
  return db
    .selectFrom('pageRevision')
    .selectAll()
    .where('pageId', '=', pageId)
    .where('id', '=', revisionId)
    .executeTakeFirst()
}

/** A page by slug, published or not (a variant's preview shows the page it runs on). */
export function findPageBySlug(db: Kysely<DB>, slug: string) {
  return db.selectFrom('page').selectAll().where('slug', '=', slug).executeTakeFirst()
}
