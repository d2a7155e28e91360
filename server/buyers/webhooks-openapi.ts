import { REJECTED_RETURN_INSTRUCTION, RETURNED_DATA_INSTRUCTION } from '../../core/schemas/buyer-access.ts'
import { returnReasons } from '../../core/schemas/buyers.ts'
import { arrayOf, type JsonSchema, ref, shape } from '../openapi/operation.ts'

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

const answers = shape({ questionId: 'string', question: 'string', value: 'string', label: 'string' })
const questionnaire = shape({ id: 'integer', version: 'integer', name: 'string' })
const eligibility = shape({
  hadPcpFinance: 'boolean',
  purchaseDateRange: 'string',
  loanAmount: 'number',
  dealerDisclosedCommission: 'boolean',
  commissionDisclosure: 'string',
  isEligible: 'boolean',
  estimatedClaim: 'number',
})
const outcome = { type: ['string', 'null'], enum: ['eligible', 'not_eligible', 'guidance', null] }

const schemas: Record<string, JsonSchema> = {
  LeadPing: shape(
    {
      event: { type: 'string', const: 'lead.ping' },
      pingId: { type: 'string', description: 'Unique per lead and contract; sent again on a retry' },
      contractId: 'integer',
      pricePence: { type: 'integer', description: 'The contract’s price: the lowest bid accepted' },
      lead: shape(
        {
          reference: 'string',
          createdAt: 'date-time',
          'questionnaire?': questionnaire,
          answers: arrayOf(answers),
          'eligibility?': eligibility,
          outcome,
          'phoneType?': { type: 'string', enum: ['mobile', 'landline', 'other'] },
          campaign: shape({ 'utmSource?': 'string', 'utmCampaign?': 'string' }),
          'consentVersion?': {
            type: 'string',
            description: 'The version of the consent wording the visitor agreed to',
          },
        },
        'No name, email, phone, car, IP address or user agent: those come only in the post, after an acceptance',
      ),
    },
    'Asks whether the buyer takes a lead, and at what bid, before any personal data is sent',
  ),
  LeadPingAnswer: {
    type: 'object',
    description:
      'A 2xx JSON answer. `accepted: true` takes the lead at `pricePence` (whole pence, at least the contract’s price; left out: the price). Anything else, a bid below the price, or a 4xx refuses it; no answer, 408, 429 and 5xx are tried again, then the contract is passed over.',
    properties: {
      accepted: { type: 'boolean' },
      pricePence: { type: 'integer', minimum: 0 },
    },
    required: ['accepted'],
  },
  LeadPost: shape(
    {
      event: { type: 'string', const: 'lead.created' },
      deliveryId: 'integer',
      'pingId?': {
        type: 'string',
        description: 'The ping this buyer accepted; null when the contract is not pinged',
      },
      lead: shape(
        {
          id: 'integer',
          reference: 'string',
          'resubmissionOf?': 'string',
          firstName: 'string',
          lastName: 'string',
          email: 'string',
          phone: 'string',
          'phoneE164?': 'string',
          'phoneType?': 'string',
          'carDetails?': 'string',
          hasConsent: 'boolean',
          createdAt: 'date-time',
          'constantsVersion?': 'string',
          'eligibility?': eligibility,
          'questionnaire?': questionnaire,
          answers: arrayOf(answers),
          outcome,
          'estimatedClaim?': 'number',
          consent: shape({
            'text?': { type: 'string', description: 'The exact wording the visitor agreed to' },
            'version?': {
              type: 'string',
              description: 'The consent version: SHA-256 of the wording and the firms it named',
            },
            'sha256?': 'string',
            'privacyVersion?': 'string',
            'partnerName?': 'string',
            'pageUrl?': 'string',
            'pageRevision?': { type: 'string', description: 'The hash of the page revision the form was on' },
            'userAgent?': 'string',
            'ipAddress?': 'string',
            at: 'date-time',
          }),
          'consentCertificate?': {
            type: 'string',
            description:
              'The signed consent certificate: a compact JWS (EdDSA, Ed25519) over the reference, time, consent version, its wording and named firms (legal name, trading name, FCA number), the page address and revision, the questionnaire version and a hash of the answers; no name, e-mail or phone. Verify it against /.well-known/jwks.json with any JOSE library, or at POST /api/consent-certificates/verify (which also says whether it was revoked and whether your FCA number is named).',
          },
          attribution: { type: 'object', additionalProperties: { type: ['string', 'null'] } },
          'variant?': 'string',
        },
        'The lead, with its personal data and consent evidence',
      ),
    },
    'The lead itself, to a contract that accepted its ping or is not pinged',
  ),
  LeadReturnDecided: shape(
    {
      event: { type: 'string', const: 'lead.return_decided' },
      deliveryId: 'integer',
      return: shape(
        {
          id: { type: 'integer', description: 'The return’s id, as in GET /api/buyer/returns' },
          reference: { type: 'string', description: 'The lead’s reference' },
          saleId: 'integer',
          status: { type: 'string', enum: ['approved', 'rejected'] },
          reason: {
            type: 'string',
            enum: Object.keys(returnReasons),
            description: 'The reason the buyer gave for the return',
          },
          decidedAt: 'date-time',
          creditPence: {
            type: 'integer',
            description: 'Approved: the sale’s price, credited on the buyer’s statement; rejected: 0',
          },
          instruction: {
            type: 'string',
            description: `What the buyer must now do. Approved: “${RETURNED_DATA_INSTRUCTION}” Rejected: “${REJECTED_RETURN_INSTRUCTION}”`,
          },
        },
        'The decision on the buyer’s return of a lead: its reference, never the person',
      ),
    },
    'A return of a lead to this contract was approved or rejected',
  ),
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
