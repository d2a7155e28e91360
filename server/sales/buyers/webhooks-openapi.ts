import {
  deliveredLeadSchema,
  leadPingAnswerSchema,
  leadPingSchema,
  leadPostSchema,
  leadReturnDecidedSchema,
} from '../../../core/schemas/delivered-lead.ts'
import { type JsonSchema, ref, toJsonSchema } from '../../platform/index.ts'

// What the app sends to a buyer's contract (docs/decisions/0050-ping-post.md): the OpenAPI 3.1
// `webhooks` a buyer implements, leadPing (no personal data), leadPost (the lead itself) and
// leadReturnDecided (a return's decision, no personal data: docs/decisions/0052-return-notices.md).

const headers: JsonSchema[] = [
  {
    name: 'Idempotency-Key',
    in: 'header',
    required: true,
    description:
      'The same for every attempt of one ping, post or return notice; a ping’s is its pingId. Treat a repeat as the same request.',
    schema: { type: 'string' },
  },
  {
    name: 'X-Webhook-Signature',
    in: 'header',
    required: true,
    description:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the contract’s secret (the same for pings, posts and return notices)',
    schema: { type: 'string' },
  },
]

function withLeadRef(schema: JsonSchema): JsonSchema {
  return { ...schema, properties: { ...(schema.properties as object), lead: ref('DeliveredLead') } }
}

// Each body is one zod schema, the one the outbox builds and checks it with (docs/decisions/0070).
const schemas: Record<string, JsonSchema> = {
  LeadPing: toJsonSchema(leadPingSchema, 'output'),
  LeadPingAnswer: toJsonSchema(leadPingAnswerSchema, 'input'),
  // The lead posted, by name: the body buyers receive (also what a later submission is sent as).
  DeliveredLead: toJsonSchema(deliveredLeadSchema, 'output'),
  LeadPost: withLeadRef(toJsonSchema(leadPostSchema, 'output')),
  LeadReturnDecided: toJsonSchema(leadReturnDecidedSchema, 'output'),
}

function webhook(
  operationId: string,
  summary: string,
  description: string,
  body: string,
  answer: JsonSchema,
) {
  return {
    post: {
      operationId,
      tags: ['Buyers'],
      summary,
      description,
      parameters: headers,
      requestBody: { required: true, content: { 'application/json': { schema: ref(body) } } },
      responses: {
        '200': { description: 'The buyer’s answer', content: { 'application/json': { schema: answer } } },
      },
    },
  }
}

/** The buyers module's `webhooks` and the schemas they use. */
export const buyerWebhooks = {
  schemas,
  webhooks: {
    leadPing: webhook(
      'leadPing',
      'Ping: may we offer you this lead, and at what bid?',
      'Sent to a contract’s ping URL before any personal data. Contracts of equal priority are pinged together; once all have answered, the lead is posted to the highest bid first (then by weight).',
      'LeadPing',
      ref('LeadPingAnswer'),
    ),
    leadPost: webhook(
      'leadPost',
      'Post: the lead',
      'Sent to a contract’s webhook URL: a 2xx is a sale unless the contract’s accept path says otherwise or the body refuses (`accepted: false`); 409 is a duplicate, other 4xx a rejection; no answer, 408, 429 and 5xx are tried again.',
      'LeadPost',
      { type: 'object', description: 'Read by the contract’s accept and reason paths' },
    ),
    leadReturnDecided: webhook(
      'leadReturnDecided',
      'Return decided: what to do with a returned lead',
      'Sent to a contract’s webhook URL once the buyer’s return of a lead sold on it is approved (by the operator, or at once under the contract) or rejected; once per return. Approved: delete the person’s personal data received with the lead now and do not contact them. Any 2xx acknowledges it (the answer decides nothing); otherwise it is tried again on the webhooks’ schedule with the same Idempotency-Key.',
      'LeadReturnDecided',
      { type: 'object', description: 'Not read: any 2xx acknowledges the notice' },
    ),
  },
}
