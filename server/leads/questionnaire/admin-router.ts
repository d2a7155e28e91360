import { type Response, Router } from 'express'
import type { QuestionnaireDefinition } from '../../../core/questionnaire/definition.ts'
import { type Problem, parseDefinition } from '../../../core/questionnaire/definition-schema.ts'
import { rejectPublicationSchema } from '../../../core/schemas/page-publications.ts'
import {
  questionnaireCreateSchema,
  questionnairePublishSchema,
  questionnaireUpdateSchema,
} from '../../../core/schemas/questionnaires.ts'
import {
  QUESTIONNAIRE_REFERENCE_AMOUNT_KEY,
  readQuestionnaireReferenceAmount,
} from '../../../core/schemas/settings.ts'
import type { AppServices, QuestionnaireVersion } from '../../platform/index.ts'
import {
  apiModule,
  arrayOf,
  audit,
  changedFields,
  HttpError,
  mountRoutes,
  ref,
  requireChanges,
  route,
  shape,
} from '../../platform/index.ts'
import {
  ApprovalNeeded,
  approveQuestionnaire,
  PublishRefused,
  publishQuestionnaire,
  rejectQuestionnaire,
} from './publish.server.ts'
import {
  createQuestionnaireDraft,
  deleteQuestionnaireDraft,
  findQuestionnaireVersion,
  listQuestionnaireVersions,
  readSetting,
  updateQuestionnaireDraft,
} from './queries.server.ts'

const BASE = '/api/admin/questionnaires'
const LABEL = 'Questionnaire version'
const PUBLISHED = 'A published version cannot be changed; duplicate it to make a new draft'

/** A 400 that lists every problem with its path, so the editor can put each beside its field. */
function refuse(res: Response, message: string, problems: Problem[]) {
  res.status(400).json({ message, problems })
}

const problemsMessage = (problems: Problem[]) =>
  problems.length === 1
    ? (problems[0] as Problem).message
    : `The questionnaire has ${problems.length} problems: ${problems.map((p) => p.message).join('; ')}`

/** The row name and the definition's name are one: setting either sets both. */
function named(definition: unknown, name: string | undefined): unknown {
  if (
    name === undefined ||
    typeof definition !== 'object' ||
    definition === null ||
    Array.isArray(definition)
  )
    return definition
  return { ...definition, name }
}

const describe = (row: Pick<QuestionnaireVersion, 'version' | 'name'>) => ({
  version: row.version,
  name: row.name,
})

const problems = {
  description: 'The definition has problems: each with its path, to show beside its field',
  schema: {
    type: 'object',
    properties: {
      message: { type: 'string' },
      problems: arrayOf(shape({ path: 'string', message: 'string' })),
    },
    required: ['message'],
  },
}
const draftOnly = { 409: 'Published versions never change' }

async function find(db: AppServices['db'], id: number) {
  const row = await findQuestionnaireVersion(db, id)
  if (!row) throw new HttpError(404, `${LABEL} not found`)
  return row
}

/**
 * Under /api/admin/questionnaires, behind the questionnaire permission: drafts are made, edited
 * and deleted; a published version never changes, and publishing one retires the live one
 * (docs/decisions/0026-questionnaire-definitions.md).
 */
export const questionnaireRoutes = [
  route({
    method: 'get',
    path: BASE,
    summary: 'List versions',
    auth: 'permission:questionnaire',
    response: arrayOf(ref('QuestionnaireVersion')),
    handle: async ({ services, res }) => {
      res.setHeader('Cache-Control', 'no-store')
      return listQuestionnaireVersions(services.db)
    },
  }),
  route({
    method: 'post',
    path: BASE,
    summary: 'Create a draft',
    auth: 'permission:questionnaire',
    body: questionnaireCreateSchema,
    status: 201,
    response: ref('QuestionnaireVersionDetail'),
    responses: { 400: problems },
    handle: async ({ services: { db }, body, actor, res }) => {
      const parsed = parseDefinition(named(body.definition, body.name))
      if (!parsed.ok) return refuse(res, problemsMessage(parsed.problems), parsed.problems)
      const row = await createQuestionnaireDraft(db, {
        name: parsed.definition.name,
        definition: parsed.definition,
        createdByEmail: actor?.email ?? null,
      })
      await audit(db, {
        actor,
        action: 'questionnaire.create',
        entity: 'questionnaire_version',
        entityId: row.id,
        detail: describe(row),
      })
      return row
    },
  }),
  // What the publish dialog measures estimates against, for admins who cannot read the settings.
  route({
    method: 'get',
    path: `${BASE}/publish-reference`,
    summary: 'The amount estimates are measured against',
    auth: 'permission:questionnaire',
    response: shape({ referenceAmount: 'integer' }),
    handle: async ({ services, res }) => {
      const value = await readSetting(services.db, QUESTIONNAIRE_REFERENCE_AMOUNT_KEY)
      res.setHeader('Cache-Control', 'no-store')
      return { referenceAmount: readQuestionnaireReferenceAmount(value) }
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/{id}`,
    summary: 'A version with its definition',
    auth: 'permission:questionnaire',
    label: LABEL,
    response: ref('QuestionnaireVersionDetail'),
    handle: async ({ services, params, res }) => {
      res.setHeader('Cache-Control', 'no-store')
      return find(services.db, params.id)
    },
  }),
  route({
    method: 'put',
    path: `${BASE}/{id}`,
    summary: 'Update a draft',
    auth: 'permission:questionnaire',
    label: LABEL,
    body: questionnaireUpdateSchema,
    response: ref('QuestionnaireVersionDetail'),
    responses: { 400: problems, ...draftOnly },
    handle: async ({ services: { db }, params, body, actor, res }) => {
      requireChanges(body)
      const current = await find(db, params.id)
      if (current.status !== 'draft') throw new HttpError(409, PUBLISHED)
      const parsed = parseDefinition(named(body.definition ?? current.definition, body.name))
      if (!parsed.ok) return refuse(res, problemsMessage(parsed.problems), parsed.problems)
      const definition: QuestionnaireDefinition = parsed.definition
      const row = await updateQuestionnaireDraft(db, current.id, { name: definition.name, definition })
      if (!row) throw new HttpError(409, PUBLISHED)
      await audit(db, {
        actor,
        action: 'questionnaire.update',
        entity: 'questionnaire_version',
        entityId: row.id,
        detail: { ...describe(row), fields: changedFields(body) },
      })
      return row
    },
  }),
  route({
    method: 'delete',
    path: `${BASE}/{id}`,
    summary: 'Delete a draft',
    auth: 'permission:questionnaire',
    label: LABEL,
    status: 204,
    responses: draftOnly,
    handle: async ({ services: { db }, params, actor, res }) => {
      const current = await find(db, params.id)
      if (current.status !== 'draft' || !(await deleteQuestionnaireDraft(db, current.id)))
        throw new HttpError(
          409,
          'Only a draft can be deleted; a published version is kept for the leads that used it',
        )
      await audit(db, {
        actor,
        action: 'questionnaire.delete',
        entity: 'questionnaire_version',
        entityId: current.id,
        detail: describe(current),
      })
      res.status(204).end()
    },
  }),
  route({
    method: 'post',
    path: `${BASE}/{id}/duplicate`,
    summary: 'Copy a version into a new draft',
    auth: 'permission:questionnaire',
    label: LABEL,
    status: 201,
    response: ref('QuestionnaireVersionDetail'),
    handle: async ({ services: { db }, params, actor }) => {
      const source = await find(db, params.id)
      const row = await createQuestionnaireDraft(db, {
        name: source.name,
        definition: source.definition,
        createdByEmail: actor?.email ?? null,
      })
      await audit(db, {
        actor,
        action: 'questionnaire.duplicate',
        entity: 'questionnaire_version',
        entityId: row.id,
        detail: { ...describe(row), from: source.version },
      })
      return row
    },
  }),
  route({
    method: 'post',
    path: `${BASE}/{id}/publish`,
    summary: 'Publish a version',
    description: 'Retires the live one. Estimates above the reference amount need an evidence note.',
    auth: 'permission:questionnaire',
    label: LABEL,
    body: questionnairePublishSchema,
    response: ref('QuestionnaireVersionDetail'),
    responses: {
      202: {
        description:
          'The compliance review flagged what this version brings: it waits on the version for a second admin, and the live questionnaire is unchanged',
        schema: {
          type: 'object',
          properties: {
            message: { type: 'string' },
            code: { type: 'string', enum: ['approval-required'] },
            version: ref('QuestionnaireVersionDetail'),
          },
          required: ['message', 'code', 'version'],
        },
      },
      400: problems,
      409: 'Already live, or another version was published at the same moment',
    },
    handle: async ({ services: { db, site }, params, body, actor, res }) => {
      const current = await find(db, params.id)
      try {
        return await publishQuestionnaire({ db, site }, current, body, actor)
      } catch (error) {
        if (error instanceof PublishRefused) return refuse(res, error.message, error.problems)
        if (error instanceof ApprovalNeeded) {
          res.status(202).json({ message: error.message, code: 'approval-required', version: error.version })
          return
        }
        throw error
      }
    },
  }),
  route({
    method: 'post',
    path: `${BASE}/{id}/approve`,
    summary: 'Approve a waiting publish',
    description:
      'An admin other than the one who asked puts the version live with the evidence note it was asked with; the approver and the flags seen stay with the version.',
    auth: 'permission:questionnaire',
    label: LABEL,
    response: ref('QuestionnaireVersionDetail'),
    responses: {
      400: problems,
      403: 'Only another admin than the one who asked may approve or reject',
      409: 'Not awaiting approval',
    },
    handle: async ({ services: { db, site }, params, actor, res }) => {
      try {
        return await approveQuestionnaire({ db, site }, params.id, actor)
      } catch (error) {
        if (error instanceof PublishRefused) return refuse(res, error.message, error.problems)
        throw error
      }
    },
  }),
  route({
    method: 'post',
    path: `${BASE}/{id}/reject`,
    summary: 'Reject a waiting publish',
    description:
      'An admin other than the one who asked ends the request, saying why (kept in the audit log).',
    auth: 'permission:questionnaire',
    label: LABEL,
    body: rejectPublicationSchema,
    response: ref('QuestionnaireVersionDetail'),
    responses: {
      403: 'Only another admin than the one who asked may approve or reject',
      409: 'Not awaiting approval',
    },
    handle: ({ services: { db }, params, body, actor }) =>
      rejectQuestionnaire(db, params.id, actor, body.note),
  }),
]

export const questionnaireApi = apiModule(
  {
    tag: {
      name: 'Questionnaire',
      description:
        'Versioned questionnaire definitions: drafts are edited, a published version never changes.',
    },
    schemas: {
      QuestionnaireVersion: shape({
        id: 'integer',
        version: 'integer',
        name: 'string',
        status: { type: 'string', enum: ['draft', 'live', 'retired'] },
        'createdByEmail?': 'string',
        createdAt: 'date-time',
        updatedAt: 'date-time',
        'publishedByEmail?': 'string',
        'publishedAt?': 'date-time',
        'retiredAt?': 'date-time',
        'evidenceNote?': 'string',
        'referenceAmount?': 'integer',
        'approvalRequestedById?': 'integer',
        'approvalRequestedByEmail?': 'string',
        'approvalRequestedAt?': 'date-time',
        'approvalFlags?': arrayOf(shape({ code: 'string', message: 'string' })),
        'approvalNote?': 'string',
        'approvedByEmail?': 'string',
        'approvedAt?': 'date-time',
      }),
      QuestionnaireVersionDetail: {
        allOf: [ref('QuestionnaireVersion')],
        type: 'object',
        properties: {
          definition: {
            type: 'object',
            description:
              'The questions, their options and the outcome rules (core/questionnaire/definition-schema.ts)',
          },
        },
        required: ['definition'],
      },
    },
  },
  questionnaireRoutes,
)

export function questionnaireAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BASE, questionnaireRoutes)
}
