import type { ColumnType, Generated } from 'kysely'
import type { PageContent } from '../../../core/page-content.ts'
import type { PublicationStatus, ReviewFlag } from '../../../core/schemas/page-publications.ts'

type Json<T> = ColumnType<T, string, string>

/** A page version to publish, its approval and its schedule (migration 0048), written by server/site/pages/. */
export interface PagePublicationTable {
  id: Generated<number>
  pageId: number
  status: PublicationStatus
  slug: string
  title: string
  metaDescription: string | null
  metaKeywords: string | null
  targetKeyword: string | null
  ogTitle: string | null
  ogDescription: string | null
  content: Json<PageContent>
  flags: Json<ReviewFlag[]>
  approvalRequired: ColumnType<boolean, boolean | undefined, boolean>
  requestedById: number | null
  requestedByEmail: string | null
  requestedAt: ColumnType<Date, Date | undefined, never>
  publishAt: Date | null
  decidedById: number | null
  decidedByEmail: string | null
  decidedAt: Date | null
  note: string | null
  /** When an instance claimed it to publish (status `publishing`); a claim older than a few minutes died with its instance. */
  claimedAt: Date | null
  publishedAt: Date | null
}

export interface PagePublicationTables {
  pagePublication: PagePublicationTable
}
