import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The first seeds gave the home and evidence pages descriptions over the 160 characters the SEO
 * tab asks for (168 and 165). A site that still has them word for word gets the shorter texts the
 * seed now writes; an operator's own text is left alone.
 */
export const replacedDescriptions = [
  {
    slug: 'home',
    from: 'Had car finance (PCP or HP) between 2007 and 2021? Answer four quick questions to see if you may be owed compensation for hidden dealer commission. Free, no obligation.',
    to: 'Had car finance (PCP or HP) from 2007 to 2021? Answer four quick questions to see if you may be owed compensation for hidden commission. Free, no obligation.',
  },
  {
    slug: 'evidence',
    from: 'Official sources on car finance commission: the FCA motor finance review, the ban on discretionary commission, the Supreme Court judgment and the FCA redress scheme.',
    to: 'Official sources on car finance commission: the FCA motor finance review, the ban on discretionary commission, the Supreme Court ruling and the redress scheme.',
  },
]

export function shorterDescriptions(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      for (const { slug, from, to } of replacedDescriptions) {
        await sql`update page set meta_description = ${to} where slug = ${slug} and meta_description = ${from}`.execute(
          db,
        )
      }
    },
  }
}
