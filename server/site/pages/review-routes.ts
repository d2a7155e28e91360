import { reviewAcceptSchema, reviewSourcesSchema } from '../../../core/schemas/review.ts'
import { arrayOf, ref, route } from '../../platform/index.ts'
import { acceptFlag, reviewContext, reviewFlags } from './review.server.ts'

const BASE = '/api/admin/pages'
const auth = 'permission:pages' as const

/** The compliance review (docs/decisions/0078-compliance-review.md), before `{id}` so "review" is no id. */
export const reviewRoutes = [
  route({
    method: 'get',
    path: `${BASE}/review`,
    summary: 'The compliance review’s flags',
    description:
      'Every flag of every page and of the live questionnaire, computed from the copy as it is now: a figure without evidence or not in the evidence it cites, an estimate above the FCA average, a fee beyond the cap, “no win, no fee” without the free route, a guarantee, missing firm details. A fixed flag is gone; an accepted one has `status: "accepted"` and its note.',
    auth,
    response: arrayOf(ref('ReviewFlag')),
    handle: ({ services }) => reviewFlags(services),
  }),
  route({
    method: 'get',
    path: `${BASE}/review/sources`,
    summary: 'What the review checks copy against',
    description:
      'The evidence items copy may cite (the published evidence page’s cards, else the shipped list) and the site facts the rules compare figures with: the builder reviews unsaved content with them.',
    auth,
    response: reviewSourcesSchema,
    handle: async ({ services }) => reviewContext(await services.site.get()),
  }),
  route({
    method: 'post',
    path: `${BASE}/review/{flagId}/accept`,
    summary: 'Accept a compliance flag with a note',
    description:
      'The note says why the copy is fair as it stands; it is kept with the flag and in the audit log.',
    auth,
    params: { flagId: { type: 'string', pattern: '^[0-9a-f]{16}$', description: 'The flag’s id' } },
    body: reviewAcceptSchema,
    response: ref('ReviewFlag'),
    responses: { 404: 'No such open flag (it may have been fixed)', 409: 'Already accepted' },
    handle: ({ services, params, body, actor }) => acceptFlag(services, params.flagId, body.note, actor),
  }),
]
