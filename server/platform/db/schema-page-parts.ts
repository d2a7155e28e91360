import type { ColumnType, Generated } from 'kysely'
import type { SavedSectionContent } from '../../../core/schemas/saved-sections.ts'

type CreatedAt = ColumnType<Date, Date | undefined, never>
type UpdatedAt = ColumnType<Date, Date | undefined, Date>
type Json<T> = ColumnType<T, string, string>

/** Parts of pages kept apart from any one page: saved sections (migration 0022). */

export interface SavedSectionTable {
  id: Generated<number>
  name: string
  /** One builder section without its id, read into the model and sanitised when saved. */
  section: Json<SavedSectionContent>
  createdAt: CreatedAt
  /** The admin who saved it (no foreign key: like uploads, it outlives its author). */
  createdBy: number | null
  updatedAt: UpdatedAt
}

export interface PagePartTables {
  savedSection: SavedSectionTable
}
