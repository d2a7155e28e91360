import { type Request, Router } from 'express'
import { unconvertibleVariants } from '../../../core/experiments/convertible.ts'
import { MIN_CONVERSIONS, MIN_VISITORS } from '../../../core/experiments/stats.ts'
import {
  type ExperimentVariant,
  experimentCreateSchema,
  experimentPromoteSchema,
  experimentStartSchema,
  experimentUpdateSchema,
} from '../../../core/schemas/experiments.ts'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import { requireActorPermission } from '../../identity/index.ts'
import { findQuestionnaireVersion, publishGuard } from '../../leads/index.ts'
import type { AppServices, Experiment } from '../../platform/index.ts'
import {
  audit,
  changedFields,
  HttpError,
  isUniqueViolation,
  parseBody,
  parseId,
  requireChanges,
} from '../../platform/index.ts'
import { previewLink, sanitizeStoredContent } from '../../site/index.ts'
import { promoteVariant } from './promote.server.ts'
import {
  deleteExperiment,
  experimentView,
  findExperiment,
  insertExperiment,
  listExperiments,
  publishedQuestionnaireIds,
  setExperimentStatus,
  updateExperiment,
} from './queries.server.ts'
import { experimentResults } from './results.server.ts'

const LABEL = 'Experiment'
const ONE_RUNNING = 'Another experiment is already running on this page; stop it first'

/** The slug of the page at a public path: '/' is the home page. */
export const slugOfPath = (path: string) => (path === '/' ? 'home' : path.slice(1))

/**
 * Under /api/admin/experiments, behind the analytics permission: drafts are made and edited,
 * started (one running per page: the database's partial unique index), stopped, and promoted (the
 * winner becomes the page). Every change is audited and, when it changes what visitors see,
 * refreshes the site snapshot so the page cache keeps one entry per variant of what runs now.
 */
export function experimentsAdminRouter({ db, site, config }: AppServices): Router {
  const router = Router()
  router.use((req, res, next) => {
    if (req.method === 'GET') res.setHeader('Cache-Control', 'no-store')
    next()
  })

  const find = async (req: Request) => {
    const row = await findExperiment(db, parseId(req.params.id, LABEL))
    if (!row) throw new HttpError(404, `${LABEL} not found`)
    return row
  }
  const record = (
    req: Request,
    action: Parameters<typeof audit>[1]['action'],
    row: Experiment,
    detail = {},
  ) =>
    audit(db, {
      actor: req.admin,
      action,
      entity: 'experiment',
      entityId: row.id,
      detail: { name: row.name, path: row.path, ...detail },
    })

  /** The page must exist and the variants must fit it (a questionnaire version for home only). */
  const checkFits = async (path: string, variants: ExperimentVariant[], actor: CurrentAdmin | undefined) => {
    const { pages } = await site.get()
    if (path !== '/' && !pages.get(slugOfPath(path))) {
      throw new HttpError(
        400,
        `No published page at ${path}: experiments run on the home page or a published page`,
      )
    }
    if (path !== '/' && variants.some((v) => v.questionnaireId != null)) {
      throw new HttpError(400, 'Only the home page variants choose a questionnaire version')
    }
    const ids = variants.flatMap((v) => (v.questionnaireId ? [v.questionnaireId] : []))
    const published = await publishedQuestionnaireIds(db, ids)
    const missing = ids.find((id) => !published.has(id))
    if (missing !== undefined) {
      throw new HttpError(400, `Questionnaire version ${missing} is not published (a draft can still change)`)
    }
    await checkShowable(variants, actor)
  }

  /**
   * A running variant shows visitors what a promotion would publish: whoever makes or starts it
   * needs the permission of that publish, and a questionnaire version must pass the publish guard
   * with the evidence note it keeps.
   */
  const checkShowable = async (variants: ExperimentVariant[], actor: CurrentAdmin | undefined) => {
    if (variants.some((v) => v.content != null || v.title)) requireActorPermission(actor, 'pages')
    const { questionnaire } = await site.get()
    for (const v of variants) {
      if (v.questionnaireId == null) continue
      requireActorPermission(actor, 'questionnaire')
      if (v.questionnaireId === questionnaire?.id) continue
      const version = await findQuestionnaireVersion(db, v.questionnaireId)
      if (!version) continue
      const { problems } = await publishGuard(db, version.definition, version.evidenceNote ?? undefined)
      if (problems.length > 0) {
        throw new HttpError(
          400,
          `Questionnaire version ${version.version} cannot be shown: ${problems.map((p) => p.message).join('; ')}`,
        )
      }
    }
  }

  /** Variant content is stored as every page save stores content: sanitised. */
  const sanitized = <T extends { variants?: ExperimentVariant[] | undefined }>(input: T): T =>
    input.variants === undefined
      ? input
      : {
          ...input,
          variants: input.variants.map((v) =>
            v.content == null ? v : { ...v, content: sanitizeStoredContent(v.content) as typeof v.content },
          ),
        }

  router.get('/', async (_req, res) => {
    res.json((await listExperiments(db)).map(experimentView))
  })

  router.post('/', async (req, res) => {
    const input = sanitized(parseBody(experimentCreateSchema, req))
    await checkFits(input.path, input.variants, req.admin)
    const row = await insertExperiment(db, input)
    await record(req, 'experiment.create', row)
    res.status(201).json(experimentView(row))
  })

  router.get('/:id', async (req, res) => {
    res.json(experimentView(await find(req)))
  })

  router.put('/:id', async (req, res) => {
    const input = sanitized(parseBody(experimentUpdateSchema, req))
    requireChanges(input as Record<string, unknown>)
    const current = await find(req)
    if (current.status !== 'draft') {
      throw new HttpError(409, 'Only a draft can be changed: a started experiment keeps what it measured')
    }
    await checkFits(input.path ?? current.path, input.variants ?? current.variants, req.admin)
    const row = await updateExperiment(db, current.id, input)
    if (!row) throw new HttpError(404, `${LABEL} not found`)
    await record(req, 'experiment.update', row, { fields: changedFields(input as Record<string, unknown>) })
    res.json(experimentView(row))
  })

  router.delete('/:id', async (req, res) => {
    const row = await find(req)
    if (row.status === 'running') throw new HttpError(409, 'Stop the experiment before deleting it')
    await deleteExperiment(db, row.id)
    await record(req, 'experiment.delete', row)
    res.json({ message: `${LABEL} deleted`, id: row.id })
  })

  router.post('/:id/start', async (req, res) => {
    const { confirm } = parseBody(experimentStartSchema, req)
    const current = await find(req)
    if (current.status !== 'draft') throw new HttpError(409, 'Only a draft can be started')
    await checkFits(current.path, current.variants, req.admin)
    // A variant without the questionnaire or a lead form takes no enquiry: started only when asked twice.
    const page = (await site.get()).pages.get(slugOfPath(current.path))
    const unconvertible = unconvertibleVariants(current.path, current.variants, page?.content)
    if (unconvertible.length > 0 && confirm !== true) {
      const names = unconvertible.join(', ')
      res.status(409).json({
        message: `No questionnaire or lead form in variant ${names}: it could never convert. Start anyway with confirm: true.`,
        unconvertible,
      })
      return
    }
    let row: Experiment | undefined
    try {
      row = await setExperimentStatus(db, current.id, ['draft'], 'running', { startsAt: new Date() })
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, ONE_RUNNING)
      throw error
    }
    if (!row) throw new HttpError(409, 'Only a draft can be started')
    await record(req, 'experiment.start', row, unconvertible.length > 0 ? { unconvertible } : {})
    await site.changed()
    res.json(experimentView(row))
  })

  router.post('/:id/stop', async (req, res) => {
    const current = await find(req)
    const row = await setExperimentStatus(db, current.id, ['running'], 'stopped', { stopsAt: new Date() })
    if (!row) throw new HttpError(409, 'Only a running experiment can be stopped')
    await record(req, 'experiment.stop', row)
    await site.changed()
    res.json(experimentView(row))
  })

  /** A signed link, for a day, to a variant of a page experiment as it is saved. */
  router.post('/:id/variants/:variant/preview-links', async (req, res) => {
    const row = await find(req)
    const variant = row.variants.find((v) => v.name === req.params.variant)
    if (!variant) throw new HttpError(404, `No variant called ${req.params.variant}`)
    if (row.path === '/') {
      throw new HttpError(400, 'Home page variants are previewed on the site (its questionnaire is live)')
    }
    res.status(201).json(previewLink(config, { experiment: row.id, variant: variant.name }))
  })

  router.get('/:id/results', async (req, res) => {
    res.json(await experimentResults(db, await find(req)))
  })

  router.post('/:id/promote', async (req, res) => {
    const input = parseBody(experimentPromoteSchema, req)
    const current = await find(req)
    if (current.status !== 'running' && current.status !== 'stopped') {
      throw new HttpError(409, 'Only a running or stopped experiment can be promoted')
    }
    const variant = current.variants.find((v) => v.name === input.variant)
    if (!variant) throw new HttpError(400, `No variant called ${input.variant}`)
    const results = await experimentResults(db, current)
    if (!results.sampleReached && !input.force) {
      throw new HttpError(
        409,
        `Too early to name a winner: every variant needs ${MIN_VISITORS} visitors and ${MIN_CONVERSIONS} conversions (send force: true to promote anyway)`,
      )
    }
    const promoted = await promoteVariant({ db, site }, current, variant, input, req.admin)
    const row = await setExperimentStatus(db, current.id, ['running', 'stopped'], 'promoted', {
      winner: variant.name,
      ...(current.status === 'running' ? { stopsAt: new Date() } : {}),
    })
    if (!row) throw new HttpError(409, 'The experiment changed meanwhile')
    await record(req, 'experiment.promote', row, {
      variant: variant.name,
      forced: !results.sampleReached,
      ...promoted,
    })
    await site.changed()
    res.json({ ...experimentView(row), ...promoted })
  })

  return router
}
