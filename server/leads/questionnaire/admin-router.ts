import { type Request, type Response, Router } from 'express'
import type { QuestionnaireDefinition } from '../../../core/questionnaire/definition.ts'
import { type Problem, parseDefinition } from '../../../core/questionnaire/definition-schema.ts'
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
import { audit, changedFields, HttpError, parseBody, parseId, requireChanges } from '../../platform/index.ts'
import { PublishRefused, publishQuestionnaire } from './publish.server.ts'
import {
  createQuestionnaireDraft,
  deleteQuestionnaireDraft,
  findQuestionnaireVersion,
  listQuestionnaireVersions,
  readSetting,
  updateQuestionnaireDraft,
} from './queries.server.ts'

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

/**
 * Under /api/admin/questionnaires, behind the questionnaire permission: drafts are made, edited
 * and deleted; a published version never changes, and publishing one retires the live one
 * (docs/decisions/0026-questionnaire-definitions.md).
 */
export function questionnaireAdminRouter({ db, site }: AppServices): Router {
  const router = Router()
  const find = async (req: Request) => {
    const row = await findQuestionnaireVersion(db, parseId(req.params.id, LABEL))
    if (!row) throw new HttpError(404, `${LABEL} not found`)
    return row
  }

  router.get('/', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json(await listQuestionnaireVersions(db))
  })

  // What the publish dialog measures estimates against, for admins who cannot read the settings.
  router.get('/publish-reference', async (_req, res) => {
    const value = await readSetting(db, QUESTIONNAIRE_REFERENCE_AMOUNT_KEY)
    res.setHeader('Cache-Control', 'no-store')
    res.json({ referenceAmount: readQuestionnaireReferenceAmount(value) })
  })

  router.get('/:id', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json(await find(req))
  })

  router.post('/', async (req, res) => {
    const input = parseBody(questionnaireCreateSchema, req)
    const parsed = parseDefinition(named(input.definition, input.name))
    if (!parsed.ok) return refuse(res, problemsMessage(parsed.problems), parsed.problems)
    const row = await createQuestionnaireDraft(db, {
      name: parsed.definition.name,
      definition: parsed.definition,
      createdByEmail: req.admin?.email ?? null,
    })
    await audit(db, {
      actor: req.admin,
      action: 'questionnaire.create',
      entity: 'questionnaire_version',
      entityId: row.id,
      detail: describe(row),
    })
    res.status(201).json(row)
  })

  router.put('/:id', async (req, res) => {
    const input = parseBody(questionnaireUpdateSchema, req)
    requireChanges(input)
    const current = await find(req)
    if (current.status !== 'draft') throw new HttpError(409, PUBLISHED)
    const parsed = parseDefinition(named(input.definition ?? current.definition, input.name))
    if (!parsed.ok) return refuse(res, problemsMessage(parsed.problems), parsed.problems)
    const definition: QuestionnaireDefinition = parsed.definition
    const row = await updateQuestionnaireDraft(db, current.id, { name: definition.name, definition })
    if (!row) throw new HttpError(409, PUBLISHED)
    await audit(db, {
      actor: req.admin,
      action: 'questionnaire.update',
      entity: 'questionnaire_version',
      entityId: row.id,
      detail: { ...describe(row), fields: changedFields(input) },
    })
    res.json(row)
  })

  router.delete('/:id', async (req, res) => {
    const current = await find(req)
    if (current.status !== 'draft' || !(await deleteQuestionnaireDraft(db, current.id)))
      throw new HttpError(
        409,
        'Only a draft can be deleted; a published version is kept for the leads that used it',
      )
    await audit(db, {
      actor: req.admin,
      action: 'questionnaire.delete',
      entity: 'questionnaire_version',
      entityId: current.id,
      detail: describe(current),
    })
    res.status(204).end()
  })

  router.post('/:id/duplicate', async (req, res) => {
    const source = await find(req)
    const row = await createQuestionnaireDraft(db, {
      name: source.name,
      definition: source.definition,
      createdByEmail: req.admin?.email ?? null,
    })
    await audit(db, {
      actor: req.admin,
      action: 'questionnaire.duplicate',
      entity: 'questionnaire_version',
      entityId: row.id,
      detail: { ...describe(row), from: source.version },
    })
    res.status(201).json(row)
  })

  router.post('/:id/publish', async (req, res) => {
    const input = parseBody(questionnairePublishSchema, req)
    const current = await find(req)
    try {
      res.json(await publishQuestionnaire({ db, site }, current, input, req.admin))
    } catch (error) {
      if (error instanceof PublishRefused) return refuse(res, error.message, error.problems)
      throw error
    }
  })

  return router
}
