import { consentChoiceFormSchema, consentProofSchema } from '../../../core/schemas/consent.ts'
import { defineApi, shape } from '../../platform/index.ts'
import { countingRoutes } from './counting.ts'

export const consentApi = defineApi({
  tag: { name: 'Consent', description: "Proof of a visitor's cookie choice." },
  operations: [
    {
      method: 'post',
      path: '/api/consent',
      summary: 'Record a cookie choice',
      description: 'Kept with the time the server received it and the browser user agent (no IP address).',
      auth: 'public',
      request: consentProofSchema,
      status: 201,
      response: shape({ id: 'integer', createdAt: 'date-time' }),
      responses: { 429: 'Too many requests' },
    },
    {
      method: 'post',
      path: '/api/consent/choice',
      summary: 'Record a cookie choice from the consent dialog’s form',
      description:
        'The consent dialog’s buttons post here before the page’s script has taken them over. Kept like `POST /api/consent` (no client time); sets the `cookie_consent_v1` cookie (`version:flags:timestamp:consentId`, read by the page’s first script) and answers 303 to the page the form came from: the Referer when it is on this site, else `returnTo` when it is a path here, else `/`.',
      auth: 'public',
      request: consentChoiceFormSchema,
      requestType: 'application/x-www-form-urlencoded',
      status: 303,
      responses: { 429: 'Too many requests' },
    },
    ...countingRoutes.map((r) => r.operation),
  ],
})
