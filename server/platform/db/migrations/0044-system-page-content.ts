import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { systemPageContent } from '../../../../core/system-page-content.ts'

/** Content a system page had before it was built from blocks: nothing, or an empty builder. */
function isEmpty(content: unknown): boolean {
  const value = typeof content === 'string' && content.trim().startsWith('"') ? JSON.parse(content) : content
  if (value === null || value === undefined) return true
  if (typeof value === 'string') return value.trim() === ''
  if (typeof value !== 'object') return false
  const record = value as { sections?: unknown; widgets?: unknown }
  if (Array.isArray(record.sections))
    return record.sections.every(
      (s) => !s || typeof s !== 'object' || !Array.isArray(s.widgets) || s.widgets.length === 0,
    )
  return Array.isArray(record.widgets) ? record.widgets.length === 0 : Object.keys(record).length === 0
}

/**
 * The system pages from blocks (docs/decisions/0075-system-pages-from-blocks.md): each one whose
 * content is still empty takes the shipped default; an operator's content is never touched.
 */
export function systemPageContentMigration(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const slugs = Object.keys(systemPageContent)
      const rows = await db
        .selectFrom('page')
        .select(['id', 'slug', 'content'])
        .where('slug', 'in', slugs)
        .execute()
      for (const row of rows) {
        if (!isEmpty(row.content)) continue
        await db
          .updateTable('page')
          .set({ content: JSON.stringify(systemPageContent[row.slug as keyof typeof systemPageContent]) })
          .where('id', '=', row.id)
          .execute()
      }
    },
  }
}
