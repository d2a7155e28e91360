import { consentProofSchema } from '../../core/schemas/consent.ts'
import { defineApi, shape } from '../openapi/operation.ts'

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
  ],
})
