import { type RequestHandler, Router } from 'express'
import { sql } from 'kysely'
import { leadStats, previousMonthStart } from '../../core/lead-stats.ts'
import { leadListQuerySchema } from '../../core/schemas/leads.ts'
import { audit } from '../audit/audit.server.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** GET /api/leads. SPEC section 7: an array; with paging, `{ items, total }`. */
export function listLeads({ db }: AppServices): RequestHandler {
  return async (req, res) => {
    const parsed = leadListQuerySchema.safeParse(req.query)
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid query')
    const { q, page, pageSize } = parsed.data
    let query = db.selectFrom('lead')
    if (q) {
      const pattern = `%${escapeLike(q.toLowerCase())}%`
      query = query.where((eb) =>
        eb.or([
          eb(
            sql`lower(${sql.ref('firstName')} || ' ' || ${sql.ref('lastName')})`,
            'like',
            sql`${pattern} escape '\\'`,
          ),
          eb(sql`lower(coalesce(${sql.ref('carDetails')}, ''))`, 'like', sql`${pattern} escape '\\'`),
        ]),
      )
    }
    const paged = page !== undefined || pageSize !== undefined
    const size = pageSize ?? 50
    const offset = ((page ?? 1) - 1) * size
    const items = await query
      .select(['id', 'firstName', 'lastName', 'email', 'phone', 'carDetails', 'hasConsent', 'createdAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .$if(paged, (qb) => qb.limit(size).offset(offset))
      .execute()
    await audit(db, {
      actor: req.admin,
      action: 'lead.list',
      entity: 'lead',
      detail: { searched: Boolean(q), page: page ?? null, returned: items.length },
    })
    res.setHeader('Cache-Control', 'no-store')
    if (!paged) {
      res.json(items)
      return
    }
    const count = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst()
    res.json({ items, total: Number(count?.total ?? 0), page: page ?? 1, pageSize: size })
  }
}

export function leadStatsRouter({ db }: AppServices): Router {
  const router = Router()
  router.get('/', async (_req, res) => {
    const since = previousMonthStart(new Date())
    const row = await db
      .selectFrom('lead')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        sql<number>`coalesce(sum(case when ${sql.ref('hasConsent')} then 1 else 0 end), 0)`.as('consented'),
        sql<number>`coalesce(sum(case when ${sql.ref('createdAt')} >= ${since} then 1 else 0 end), 0)`.as(
          'thisMonth',
        ),
      ])
      .executeTakeFirstOrThrow()
    res.setHeader('Cache-Control', 'no-store')
    res.json(leadStats(Number(row.total), Number(row.consented), Number(row.thisMonth)))
  })
  return router
}
