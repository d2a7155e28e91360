import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'

export async function getPublishedPage(db: Kysely<DB>, slug: string) {
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
      'updatedAt',
    ])
    .where('slug', '=', slug)
    .where('isPublished', '=', true)
    .executeTakeFirst()
}

export type PublicPage = NonNullable<Awaited<ReturnType<typeof getPublishedPage>>>
