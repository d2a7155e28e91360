import { z } from 'zod'

/** A compact JWS: three base64url parts, the payload non-empty. */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/

/** `POST /api/consent-certificates/verify`: a certificate, and optionally the firm asking. */
export const certificateVerifySchema = z.object({
  certificate: z
    .string({ error: 'certificate is required: the compact JWS the lead came with' })
    .trim()
    .min(1, 'certificate is required: the compact JWS the lead came with')
    .max(32_000, 'certificate is too long')
    .regex(COMPACT_JWS, 'certificate must be a compact JWS (three base64url parts separated by dots)'),
  fcaNumber: z
    .string({ error: 'fcaNumber must be text' })
    .trim()
    .regex(/^\d{6,7}$/, 'The FCA firm reference number is 6 or 7 digits')
    .optional(),
})

export type CertificateVerifyInput = z.input<typeof certificateVerifySchema>

/** Why a certificate is not valid, or why a valid one is revoked. */
export const certificateReasons = [
  'malformed',
  'unsupported_algorithm',
  'unknown_key',
  'bad_signature',
  'erased',
  'returned_no_consent',
] as const

const firm = z.object({
  id: z.number().int(),
  name: z.string(),
  tradingName: z.string().nullable(),
  fcaNumber: z.string(),
})

export const certificateVerdictSchema = z.object({
  valid: z.boolean().describe('Signed by one of the keys in /.well-known/jwks.json and not altered'),
  revoked: z
    .boolean()
    .describe(
      'The lead or submission no longer exists (erased), or a return of one of its sales for no consent was approved',
    ),
  reason: z.enum(certificateReasons).optional().describe('Why it is not valid, or why it is revoked'),
  reference: z.string().optional(),
  issuedAt: z.iso.datetime().optional(),
  consentVersion: z.string().optional(),
  firms: z.array(firm).optional().describe('The firms the consent named, as signed'),
  named: z.boolean().optional().describe('Whether the firm with the fcaNumber sent is among them'),
})

export type CertificateVerdict = z.output<typeof certificateVerdictSchema>
