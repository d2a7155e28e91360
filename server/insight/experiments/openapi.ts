import {
  experimentCreateSchema,
  experimentGoals,
  experimentPromoteSchema,
  experimentStartSchema,
  experimentStatuses,
  experimentUpdateSchema,
  experimentVariantSchema,
} from '../../../core/schemas/experiments.ts'
import { arrayOf, defineApi, messageSchema, ref, shape, toJsonSchema } from '../../platform/index.ts'

const BASE = '/api/admin/experiments'
const auth = 'permission:analytics' as const
const notDraft = { 409: 'The experiment is not in a state that allows this' }

export const experimentsApi = defineApi({
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
  operations: [
    { method: 'get', path: BASE, summary: 'List experiments', auth, response: arrayOf(ref('Experiment')) },
    {
      method: 'post',
      path: BASE,
      summary: 'Create an experiment (a draft)',
      auth,
      request: experimentCreateSchema,
      status: 201,
      response: ref('Experiment'),
    },
    { method: 'get', path: `${BASE}/{id}`, summary: 'An experiment', auth, response: ref('Experiment') },
    {
      method: 'put',
      path: `${BASE}/{id}`,
      summary: 'Change a draft experiment',
      auth,
      request: experimentUpdateSchema,
      response: ref('Experiment'),
      responses: notDraft,
    },
    {
      method: 'delete',
      path: `${BASE}/{id}`,
      summary: 'Delete an experiment that is not running',
      auth,
      response: messageSchema,
      responses: notDraft,
    },
    {
      method: 'post',
      path: `${BASE}/{id}/start`,
      summary: 'Start a draft',
      description:
        'One experiment runs per page: starting a second on the same path is a 409. A variant whose content holds no contact-form block (no questionnaire, no lead form) could never convert: the start is refused with a 409 naming them in `unconvertible` unless `confirm` is true.',
      auth,
      request: experimentStartSchema,
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
    },
    {
      method: 'post',
      path: `${BASE}/{id}/stop`,
      summary: 'Stop a running experiment',
      auth,
      response: ref('Experiment'),
      responses: notDraft,
    },
    {
      method: 'post',
      path: `${BASE}/{id}/variants/{variant}/preview-links`,
      summary: 'A preview link to a variant',
      description:
        'A signed link, valid for 24 hours, to the variant as saved over its page, rendered as the public page would be under a "Preview – not published" bar. Never cached, never indexed. Page experiments only.',
      auth,
      params: { variant: { type: 'string', description: 'The variant’s name' } },
      status: 201,
      response: shape({ path: 'string', url: 'string', expiresAt: 'date-time' }),
      responses: { 400: 'A home page variant (previewed on the site, its questionnaire live)' },
    },
    {
      method: 'get',
      path: `${BASE}/{id}/results`,
      summary: 'Results per variant',
      description:
        'Visitors (distinct per UK day), conversions by the goal, rate with a 95% Wilson interval, the probability of being best (Beta-Binomial), and the winner once every variant has the minimum sample.',
      auth,
      response: ref('ExperimentResults'),
    },
    {
      method: 'post',
      path: `${BASE}/{id}/promote`,
      summary: 'Make a variant the page and end the experiment',
      description:
        'Performs what the variant changes through the same operations as their own routes: a page save (pages permission, sanitiser, the page as it was kept as a revision, audit) and, for the home page, a questionnaire publish (questionnaire permission, estimates guard with `evidenceNote`, audit). Refused before the minimum sample unless `force` is true.',
      auth,
      request: experimentPromoteSchema,
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
        },
        required: ['pageRevision', 'questionnairePublished'],
      },
      responses: {
        400: 'The publish guard refuses the questionnaire version (an evidence note is needed)',
        403: 'The actor may not perform what the variant changes',
        409: 'Not running or stopped, or the minimum sample is not reached',
      },
    },
  ],
})
