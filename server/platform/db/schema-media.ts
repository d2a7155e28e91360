import type { ColumnType, Generated, Selectable } from 'kysely'
import type { MediaRendition } from '../../../core/schemas/media.ts'

type CreatedAt = ColumnType<Date, Date | undefined, never>
type Json<T> = ColumnType<T, string, string>

/** One uploaded image of the media library (migration 0021); its renditions are rows of `upload`. */
export interface MediaTable {
  id: Generated<number>
  /** The content hash every rendition key of the image starts with. */
  hash: string
  /** The largest rendition's URL: what pages store. */
  url: string
  width: number
  height: number
  renditions: Json<MediaRendition[]>
  /** All renditions together. */
  bytes: number
  fileName: string
  /** The content type of the file as uploaded. */
  contentType: string
  alt: ColumnType<string, string | undefined, string>
  createdAt: CreatedAt
  createdBy: number | null
}

export interface MediaTables {
  media: MediaTable
}

export type Media = Selectable<MediaTable>
