import { Router } from 'express'
import { unconvertibleVariants } from '../../../core/experiments/convertible.ts'
import { MIN_CONVERSIONS, MIN_VISITORS } from '../../../core/experiments/stats.ts'
import {
  type ExperimentVariant,
  experimentCreateSchema,
  experimentGoals,
  experimentPromoteSchema,
  experimentStartSchema,
  experimentStatuses,
  experimentUpdateSchema,
  experimentVariantSchema,
} from '../../../core/schemas/experiments.ts'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import { requireActorPermission } from '../../identity/index.ts'
import { findQuestionnaireVersion, publishGuard } from '../../leads/index.ts'
import type { AppServices, Experiment } from '../../platform/index.ts'
import {
  apiModule,
  arrayOf,
  audit,
  changedFields,
  HttpError,
  isUniqueViolation,
  messageSchema,
  mountRoutes,
  ref,
  requireChanges,
  route,
  shape,
  toJsonSchema,
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

const BASE = '/api/admin/experiments'
const auth = 'permission:analytics'
const LABEL = 'Experiment'
const ONE_RUNNING = 'Another experiment is already running on this page; stop it first'
const notDraft = { 409: 'The experiment is not in a state that allows this' }

/** The slug of the page at a public path: '/' is the home page. */
export const slugOfPath = (path: string) => (path === '/' ? 'home' : path.slice(1))

async function find({ db }: AppServices, id: number) {
  const row = await findExperiment(db, id)
  if (!row) throw new HttpError(404, `${LABEL} not found`)
  return row
}

const record = (
  { db }: AppServices,
  actor: CurrentAdmin | undefined,
  action: Parameters<typeof audit>[1]['action'],
  row: Experiment,
  detail = {},
) =>
  audit(db, {
    actor,
    action,
    entity: 'experiment',
    entityId: row.id,
    detail: { name: row.name, path: row.path, ...detail },
  })

/** The page must exist and the variants must fit it (a questionnaire version for home only). */
async function checkFits(
  services: AppServices,
  path: string,
  variants: ExperimentVariant[],
  actor: CurrentAdmin | undefined,
) {
  const { pages } = await services.site.get()
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
  const published = await publishedQuestionnaireIds(services.db, ids)
  const missing = ids.find((id) => !published.has(id))
  if (missing !== undefined) {
    throw new HttpError(400, `Questionnaire version ${missing} is not published (a draft can still change)`)
  }
  await checkShowable(services, variants, actor)
}

/**
 * A running variant shows visitors what a promotion would publish: whoever makes or starts it
 * needs the permission of that publish, and a questionnaire version must pass the publish guard
 * with the evidence note it keeps.
 */
async function checkShowable(
  { db, site }: AppServices,
  variants: ExperimentVariant[],
  actor: CurrentAdmin | undefined,
) {
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

/**
 * Under /api/admin/experiments, behind the analytics permission: drafts are made and edited,
 * started (one running per page: the database's partial unique index), stopped, and promoted (the
 * winner becomes the page). Every change is audited and, when it changes what visitors see,
 * refreshes the site snapshot so the page cache keeps one entry per variant of what runs now.
 */
export const experimentsRoutes = [
  route({
    method: 'get',
    path: BASE,
    summary: 'List experiments',
    auth,
    response: arrayOf(ref('Experiment')),
    handle: async ({ services }) => (await listExperiments(services.db)).map(experimentView),
  }),
  route({
    method: 'post',
    path: BASE,
    summary: 'Create an experiment (a draft)',
    auth,
    body: experimentCreateSchema,
    status: 201,
    response: ref('Experiment'),
    handle: async ({ services, body, actor }) => {
      const input = sanitized(body)
      await checkFits(services, input.path, input.variants, actor)
      const row = await insertExperiment(services.db, input)
      await record(services, actor, 'experiment.create', row)
      return experimentView(row)
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/{id}`,
    summary: 'An experiment',
    auth,
    label: LABEL,
    response: ref('Experiment'),
    handle: async ({ services, params }) => experimentView(await find(services, params.id)),
  }),
  route({
    method: 'put',
    path: `${BASE}/{id}`,
    summary: 'Change a draft experiment',
    auth,
    label: LABEL,
    body: experimentUpdateSchema,
    response: ref('Experiment'),
    responses: notDraft,
    handle: async ({ services, params, body, actor }) => {
      const input = sanitized(body)
      requireChanges(input as Record<string, unknown>)
      const current = await find(services, params.id)
      if (current.status !== 'draft') {
        throw new HttpError(409, 'Only a draft can be changed: a started experiment keeps what it measured')
      }
      await checkFits(services, input.path ?? current.path, input.variants ?? current.variants, actor)
      const row = await updateExperiment(services.db, current.id, input)
      if (!row) throw new HttpError(404, `${LABEL} not found`)
      await record(services, actor, 'experiment.update', row, {
        fields: changedFields(input as Record<string, unknown>),
      })
      return experimentView(row)
    },
  }),
  route({
    method: 'delete',
    path: `${BASE}/{id}`,
    summary: 'Delete an experiment that is not running',
    auth,
    label: LABEL,
    response: messageSchema,
    responses: notDraft,
    handle: async ({ services, params, actor }) => {
      const row = await find(services, params.id)
      if (row.status === 'running') throw new HttpError(409, 'Stop the experiment before deleting it')
      await deleteExperiment(services.db, row.id)
      await record(services, actor, 'experiment.delete', row)
      return { message: `${LABEL} deleted`, id: row.id }
    },
  }),
  route({
    method: 'post',
    path: `${BASE}/{id}/start`,
    summary: 'Start a draft',
    description:
      'One experiment runs per page: starting a second on the same path is a 409. A variant whose content holds no contact-form block (no questionnaire, no lead form) could never convert: the start is refused with a 409 naming them in `unconvertible` unless `confirm` is true.',
    auth,
    label: LABEL,
    body: experimentStartSchema,
    response: ref('Experiment'),
    responses: {
      409: {
        description:
          'Not a draft, another experiment runs on the page, or a variant could never convert (send `confirm: true`)',
        // `unconvertible` only when a variant could never convert.
        schema: {
          type: 'object',
          properties: { message: { type: 'string' }, unconvertible: arrayOf({ type: 'string' }) },
          required: ['message'],
        },
      },
    },
    handle: async ({ services, params, body: { confirm }, actor, res }) => {
      const { db, site } = services
      const current = await find(services, params.id)
      if (current.status !== 'draft') throw new HttpError(409, 'Only a draft can be started')
      await checkFits(services, current.path, current.variants, actor)
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
      await record(
        services,
        actor,
        'experiment.start',
        row,
        unconvertible.length > 0 ? { unconvertible } : {},
      )
      await site.changed()
      return experimentView(row)
    },
  }),
  route({
    method: 'post',
    path: `${BASE}/{id}/stop`,
    summary: 'Stop a running experiment',
    auth,
    label: LABEL,
    response: ref('Experiment'),
    responses: notDraft,
    handle: async ({ services, params, actor }) => {
      const current = await find(services, params.id)
      const row = await setExperimentStatus(services.db, current.id, ['running'], 'stopped', {
        stopsAt: new Date(),
      })
      if (!row) throw new HttpError(409, 'Only a running experiment can be stopped')
      await record(services, actor, 'experiment.stop', row)
      await services.site.changed()
      return experimentView(row)
    },
  }),
  /** A signed link, for a day, to a variant of a page experiment as it is saved. */
  route({
    method: 'post',
    path: `${BASE}/{id}/variants/{variant}/preview-links`,
    summary: 'A preview link to a variant',
    description:
      'A signed link, valid for 24 hours, to the variant as saved over its page, rendered as the public page would be under a "Preview – not published" bar. Never cached, never indexed. Page experiments only.',
    auth,
    label: LABEL,
    params: { variant: { type: 'string', description: 'The variant’s name' } },
    status: 201,
    response: shape({ path: 'string', url: 'string', expiresAt: 'date-time' }),
    responses: { 400: 'A home page variant (previewed on the site, its questionnaire live)' },
    handle: async ({ services, params }) => {
      const row = await find(services, params.id)
      const variant = row.variants.find((v) => v.name === params.variant)
      if (!variant) throw new HttpError(404, `No variant called ${params.variant}`)
      if (row.path === '/') {
        throw new HttpError(400, 'Home page variants are previewed on the site (its questionnaire is live)')
      }
      return previewLink(services.config, { experiment: row.id, variant: variant.name })
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/{id}/results`,
    summary: 'Results per variant',
    description:
      'Visitors (distinct per UK day), conversions by the goal, rate with a 95% Wilson interval, the probability of being best (Beta-Binomial), and the winner once every variant has the minimum sample.',
    auth,
    label: LABEL,
    response: ref('ExperimentResults'),
    handle: async ({ services, params }) => experimentResults(services.db, await find(services, params.id)),
  }),
  route({
    method: 'post',
    path: `${BASE}/{id}/promote`,
    summary: 'Make a variant the page and end the experiment',
    description:
      'Performs what the variant changes through the same operations as their own routes: a page save (pages permission, sanitiser, the page as it was kept as a revision, audit) and, for the home page, a questionnaire publish (questionnaire permission, estimates guard with `evidenceNote`, audit). Refused before the minimum sample unless `force` is true. A page version that needs a second admin’s approval (ADR 0079) awaits it as a publication (`publicationId`) and the page stays as it is.',
    auth,
    label: LABEL,
    body: experimentPromoteSchema,
    response: {
      allOf: [ref('Experiment')],
      type: 'object',
      properties: {
        pageRevision: {
          type: 'boolean',
          description: 'The page was saved (its former self kept as a revision)',
        },
        questionnairePublished: {
          type: ['integer', 'null'],
          description: 'The questionnaire version published for the home page, if any',
        },
        publicationId: {
          type: ['integer', 'null'],
          description:
            'The page publication awaiting a second admin’s approval, when the variant’s page version needs one (the page is unchanged until then)',
        },
      },
      required: ['pageRevision', 'questionnairePublished', 'publicationId'],
    },
    responses: {
      400: 'The publish guard refuses the questionnaire version (an evidence note is needed)',
      403: 'The actor may not perform what the variant changes',
      409: 'Not running or stopped, or the minimum sample is not reached',
    },
    handle: async ({ services, params, body: input, actor }) => {
      const { db, site } = services
      const current = await find(services, params.id)
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
      const promoted = await promoteVariant({ db, site }, current, variant, input, actor)
      const row = await setExperimentStatus(db, current.id, ['running', 'stopped'], 'promoted', {
        winner: variant.name,
        ...(current.status === 'running' ? { stopsAt: new Date() } : {}),
      })
      if (!row) throw new HttpError(409, 'The experiment changed meanwhile')
      await record(services, actor, 'experiment.promote', row, {
        variant: variant.name,
        forced: !results.sampleReached,
        ...promoted,
      })
      await site.changed()
      return { ...experimentView(row), ...promoted }
    },
  }),
]

export const experimentsApi = apiModule(
  {
    tag: {
      name: 'Experiments',
      description:
        'A/B experiments on public pages: variants chosen on the server per visitor per day (no cookie), judged by leads, eligible results or sold leads.',
    },
    schemas: {
      Experiment: shape({
        id: 'integer',
        name: 'string',
        path: 'string',
        goal: { type: 'string', enum: [...experimentGoals] },
        status: { type: 'string', enum: [...experimentStatuses] },
        variants: arrayOf(toJsonSchema(experimentVariantSchema, 'output')),
        'startsAt?': 'date-time',
        'stopsAt?': 'date-time',
        'winner?': 'string',
        createdAt: 'date-time',
        updatedAt: 'date-time',
      }),
      ExperimentResults: shape({
        variants: arrayOf(
          shape({
            name: 'string',
            visitors: 'integer',
            conversions: 'integer',
            rate: 'number',
            low: 'number',
            high: 'number',
            probabilityBest: 'number',
            revenuePence: 'integer',
          }),
        ),
        'winner?': 'string',
        goal: { type: 'string', enum: [...experimentGoals] },
        minimum: shape({ visitors: 'integer', conversions: 'integer' }),
        sampleReached: 'boolean',
      }),
    },
  },
  experimentsRoutes,
)

export function experimentsAdminRouter(services: AppServices): Router {
  const router = Router()
  router.use((req, res, next) => {
    if (req.method === 'GET') res.setHeader('Cache-Control', 'no-store')
    next()
  })
  return mountRoutes(router, services, BASE, experimentsRoutes)
}
