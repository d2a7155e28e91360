import {
  questionnaireCreateSchema,
  questionnairePublishSchema,
  questionnaireUpdateSchema,
} from '../../../core/schemas/questionnaires.ts'
import { arrayOf, defineApi, ref, shape } from '../../platform/index.ts'

const BASE = '/api/admin/questionnaires'
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

export const questionnaireApi = defineApi({
  tag: {
    name: 'Questionnaire',
    description: 'Versioned questionnaire definitions: drafts are edited, a published version never changes.',
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
  operations: [
    {
      method: 'get',
      path: BASE,
      summary: 'List versions',
      auth: 'permission:questionnaire',
      response: arrayOf(ref('QuestionnaireVersion')),
    },
    {
      method: 'post',
      path: BASE,
      summary: 'Create a draft',
      auth: 'permission:questionnaire',
      request: questionnaireCreateSchema,
      status: 201,
      response: ref('QuestionnaireVersionDetail'),
      responses: { 400: problems },
    },
    {
      method: 'get',
      path: `${BASE}/publish-reference`,
      summary: 'The amount estimates are measured against',
      auth: 'permission:questionnaire',
      response: shape({ referenceAmount: 'integer' }),
    },
    {
      method: 'get',
      path: `${BASE}/{id}`,
      summary: 'A version with its definition',
      auth: 'permission:questionnaire',
      response: ref('QuestionnaireVersionDetail'),
    },
    {
      method: 'put',
      path: `${BASE}/{id}`,
      summary: 'Update a draft',
      auth: 'permission:questionnaire',
      request: questionnaireUpdateSchema,
      response: ref('QuestionnaireVersionDetail'),
      responses: { 400: problems, ...draftOnly },
    },
    {
      method: 'delete',
      path: `${BASE}/{id}`,
      summary: 'Delete a draft',
      auth: 'permission:questionnaire',
      status: 204,
      responses: draftOnly,
    },
    {
      method: 'post',
      path: `${BASE}/{id}/duplicate`,
      summary: 'Copy a version into a new draft',
      auth: 'permission:questionnaire',
      status: 201,
      response: ref('QuestionnaireVersionDetail'),
    },
    {
      method: 'post',
      path: `${BASE}/{id}/publish`,
      summary: 'Publish a version',
      description: 'Retires the live one. Estimates above the reference amount need an evidence note.',
      auth: 'permission:questionnaire',
      request: questionnairePublishSchema,
      response: ref('QuestionnaireVersionDetail'),
      responses: { 400: problems, 409: 'Already live, or another version was published at the same moment' },
    },
  ],
})
