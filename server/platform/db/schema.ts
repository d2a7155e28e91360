import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { QuestionnaireDefinition } from '../../../core/questionnaire/definition.ts'
import type { ConsentBuyer, SaleStatus } from '../../../core/schemas/buyers.ts'
import type { ReviewFlag } from '../../../core/schemas/page-publications.ts'
import type { BuyerTables } from './schema-buyers.ts'
import type { CertificateTables } from './schema-certificates.ts'
import type { ComplaintTables } from './schema-complaints.ts'
import type { ConsentTables } from './schema-consent.ts'
import type { ConversionTables } from './schema-conversions.ts'
import type { FactorTables } from './schema-factors.ts'
import type { LeadConfirmationTables } from './schema-lead-confirmations.ts'
import type { MediaTables } from './schema-media.ts'
import type { PagePartTables } from './schema-page-parts.ts'
import type { PagePublicationTables } from './schema-page-publications.ts'
import type { ReviewTables } from './schema-review.ts'
import type { SessionTables } from './schema-sessions.ts'
import type { SsoTables } from './schema-sso.ts'
import type { ExperimentTable, VisitorTables } from './schema-visitors.ts'

type CreatedAt = ColumnType<Date, Date | undefined, never>
type UpdatedAt = ColumnType<Date, Date | undefined, Date>
/** JSON columns are written as JSON text (see `json()` in database.ts) and read back as values. */
type Json<T> = ColumnType<T, string, string>

export type PageContent = string | Record<string, unknown>

/** The consent evidence and attribution a lead and a later submission each keep of their post. */
interface PostEvidenceColumns {
  /** The questionnaire version the answers were checked against; null when none were sent. */
  questionnaireVersionId: number | null
  /** The answers that counted (visible questions only), keyed by question id. */
  answers: ColumnType<Readonly<Record<string, string>> | null, string | null | undefined, string | null>
  /** From the version's rule: 'eligible', 'not_eligible' or 'guidance'. */
  outcome: LeadOutcome | null
  consentVersion: string | null
  consentSha256: string | null
  privacyVersion: string | null
  partnerName: string | null
  /** The buyers the consent wording named, in its order: only they may buy the lead (PECR 21A). */
  consentBuyers: ColumnType<ConsentBuyer[] | null, string | null | undefined, string | null>
  ipAddress: string | null
  constantsVersion: string | null
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
  utmTerm: string | null
  utmContent: string | null
  gclid: string | null
  gbraid: string | null
  wbraid: string | null
  fbclid: string | null
  msclkid: string | null
  /** TikTok's click id (migration 0052). */
  ttclid: ColumnType<string | null, string | null | undefined, string | null>
  /** The visitor's cookie consent to marketing when they posted (migration 0052): server-side conversions carry user data only with it. */
  marketingConsent: ColumnType<boolean, boolean | undefined, boolean>
  referrer: string | null
  landingPage: string | null
  /** The experiment variant the post converted on ("experimentId:variantName"), if any. */
  variant: ColumnType<string | null, string | null | undefined, string | null>
  /** The hash of the page revision the form was on, as the form carried it. */
  pageRevision: ColumnType<string | null, string | null | undefined, string | null>
  /** The post's Idempotency-Key (unique): a repeat of the post is answered as the first was. */
  idempotencyKey: ColumnType<string | null, string | null | undefined, never>
  /** The signed consent certificate (a compact JWS), written with the post. */
  consentCertificate: ColumnType<string | null, string | null | undefined, string | null>
}

export type LeadOutcome = 'eligible' | 'not_eligible' | 'guidance'

export type QuestionnaireStatus = 'draft' | 'live' | 'retired'

/** A questionnaire definition (core/questionnaire): a draft until published, then never changed. */
export interface QuestionnaireVersionTable {
  id: Generated<number>
  version: number
  name: string
  definition: Json<QuestionnaireDefinition>
  status: ColumnType<QuestionnaireStatus, QuestionnaireStatus | undefined, QuestionnaireStatus>
  /** Why an estimate above the reference is sound; required to publish one. */
  evidenceNote: string | null
  /** The reference amount the publish guard used. */
  referenceAmount: number | null
  createdByEmail: string | null
  createdAt: CreatedAt
  updatedAt: UpdatedAt
  publishedByEmail: string | null
  publishedAt: Date | null
  retiredAt: Date | null
  /** A publish waiting for a second admin (migration 0053): who asked, when, the flags and the note. */
  approvalRequestedById: number | null
  approvalRequestedByEmail: string | null
  approvalRequestedAt: Date | null
  approvalFlags: ColumnType<ReviewFlag[] | null, string | null, string | null>
  approvalNote: string | null
  approvedByEmail: string | null
  approvedAt: Date | null
}

export interface LeadTable extends PostEvidenceColumns {
  id: Generated<number>
  firstName: string
  lastName: string
  email: string
  phone: string
  carDetails: string | null
  hasConsent: ColumnType<boolean, boolean | undefined, boolean>
  consentText: string | null
  sourceUrl: string | null
  userAgent: string | null
  createdAt: CreatedAt
  phoneE164: string | null
  phoneType: string | null
  emailNormalized: string | null
  /** Opaque and random: the only thing the visitor's post is answered with. */
  reference: ColumnType<string, string, never>
  estimatedClaim: number | null
  /** Null until routed to contracts; then 'routing', 'sold' or 'unsold'. */
  saleStatus: SaleStatus | null
}

/**
 * A later post by someone who already has a lead within the duplicate window: kept with its own
 * details, answers and consent evidence, linked to that lead, never changing it.
 */
export interface LeadSubmissionTable extends PostEvidenceColumns {
  id: Generated<number>
  reference: string
  leadId: number
  firstName: string
  lastName: string
  email: string
  emailNormalized: string
  phone: string
  phoneE164: string | null
  phoneType: string | null
  carDetails: string | null
  hasConsent: boolean
  consentText: string | null
  sourceUrl: string | null
  userAgent: string | null
  /** The questionnaire answers as `eligibility_response` keeps them; null when none were sent. */
  hadPcpFinance: boolean | null
  purchaseDateRange: string | null
  loanAmount: number | null
  dealerDisclosedCommission: boolean | null
  commissionDisclosure: string | null
  isEligible: boolean | null
  estimatedClaim: number | null
  createdAt: CreatedAt
}

export interface WebhookTable {
  id: Generated<number>
  /** 'webhook': the operator's own endpoint, sent every lead; 'contract': a buyer contract's endpoint. */
  kind: ColumnType<'webhook' | 'contract', 'webhook' | 'contract' | undefined, never>
  name: string
  url: string
  secret: string
  isActive: ColumnType<boolean, boolean | undefined, boolean>
  createdAt: CreatedAt
  updatedAt: ColumnType<Date, Date | undefined, Date>
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed'

export type DeliveryKind = 'post' | 'ping' | 'return'

export interface WebhookDeliveryTable {
  id: Generated<number>
  leadId: number
  /** Set when the row delivers a later submission of the lead rather than the lead itself. */
  submissionId: ColumnType<number | null, number | null | undefined, never>
  webhookId: number
  /** Set when the row offers the lead to a buyer's contract (at most once per lead and contract). */
  contractId: ColumnType<number | null, number | null | undefined, never>
  /**
   * 'ping': the lead without personal data to a contract's ping URL; 'post': the lead itself;
   * 'return': the decision on the buyer's return of the sale to that contract (no personal data).
   */
  kind: ColumnType<DeliveryKind, DeliveryKind | undefined, never>
  /** The buyer's answer to a contract delivery. */
  outcome: 'accepted' | 'rejected' | 'duplicate' | 'failed' | 'capped' | 'withdrawn' | null
  outcomeReason: string | null
  idempotencyKey: string
  status: ColumnType<DeliveryStatus, DeliveryStatus | undefined, DeliveryStatus>
  attempts: ColumnType<number, number | undefined, number>
  nextAttemptAt: ColumnType<Date, Date | undefined, Date>
  lockedUntil: Date | null
  lastStatus: number | null
  lastError: string | null
  deliveredAt: Date | null
  createdAt: CreatedAt
  updatedAt: ColumnType<Date, Date | undefined, Date>
}

export interface WebhookAttemptTable {
  id: Generated<number>
  deliveryId: number
  attemptedAt: CreatedAt
  statusCode: number | null
  error: string | null
  durationMs: number
  responseExcerpt: string | null
}

export interface EligibilityResponseTable {
  id: Generated<number>
  leadId: number
  hadPcpFinance: boolean
  purchaseDateRange: string
  loanAmount: number
  dealerDisclosedCommission: boolean
  commissionDisclosure: string
  isEligible: boolean
  estimatedClaim: number
  createdAt: CreatedAt
}

export interface UserTable {
  id: Generated<number>
  email: string
  firstName: string | null
  lastName: string | null
  profileImageUrl: string | null
  createdAt: CreatedAt
  updatedAt: UpdatedAt
}

export interface AdminUserTable {
  id: Generated<number>
  email: string
  passwordHash: string
  firstName: string | null
  lastName: string | null
  role: ColumnType<string, string | undefined, string>
  permissions: Json<string[] | null> | null
  isActive: ColumnType<boolean, boolean | undefined, boolean>
  lastLogin: Date | null
  passwordResetToken: string | null
  passwordResetExpires: Date | null
  /** Set for the `buyer` role: the one buyer whose leads this account sees. */
  buyerId: ColumnType<number | null, number | null | undefined, number | null>
  createdAt: CreatedAt
  updatedAt: UpdatedAt
}

export interface PageTable {
  id: Generated<number>
  slug: string
  title: string
  metaDescription: string | null
  metaKeywords: string | null
  targetKeyword: string | null
  ogTitle: string | null
  ogDescription: string | null
  content: Json<PageContent>
  isPublished: ColumnType<boolean, boolean | undefined, boolean>
  /** The title heading is for screen readers only (migration 0038). */
  hideTitle: ColumnType<boolean, boolean | undefined, boolean>
  /** The publication (its approval) that put this version live (migration 0048). */
  publicationId: ColumnType<number | null, number | null | undefined, number | null>
  createdAt: CreatedAt
  updatedAt: UpdatedAt
}

/** A page as it was before a save (who saved over it, and when). */
export interface PageRevisionTable {
  id: Generated<number>
  pageId: number
  slug: string
  title: string
  metaDescription: string | null
  metaKeywords: string | null
  targetKeyword: string | null
  ogTitle: string | null
  ogDescription: string | null
  content: Json<PageContent>
  actorId: number | null
  actorEmail: string | null
  /** The publication (its approval) that had put this version live (migration 0048). */
  publicationId: ColumnType<number | null, number | null | undefined, number | null>
  createdAt: CreatedAt
}

export interface SiteSettingTable {
  id: Generated<number>
  key: string
  value: string | null
  category: ColumnType<string, string | undefined, string>
  description: string | null
  updatedAt: UpdatedAt
}

export interface CustomScriptTable {
  id: Generated<number>
  name: string
  position: 'head' | 'body'
  script: string
  consentCategory: ColumnType<ConsentCategory, ConsentCategory | undefined, ConsentCategory>
  isActive: ColumnType<boolean, boolean | undefined, boolean>
  createdAt: CreatedAt
  updatedAt: UpdatedAt
}

export interface RedirectTable {
  id: Generated<number>
  name: string
  fromUrl: string
  toUrl: string
  statusCode: ColumnType<number, number | undefined, number>
  isRegex: ColumnType<boolean, boolean | undefined, boolean>
  isActive: ColumnType<boolean, boolean | undefined, boolean>
  hitCount: ColumnType<number, number | undefined, number>
  keepQuery: ColumnType<boolean, boolean | undefined, boolean>
  createdAt: CreatedAt
  updatedAt: UpdatedAt
}

export interface AuditLogTable {
  id: Generated<number>
  createdAt: CreatedAt
  actorId: number | null
  actorEmail: string | null
  action: string
  entity: string | null
  entityId: string | null
  detail: Json<Record<string, unknown> | null> | null
}

export interface RateLimitTable {
  key: string
  windowStart: Date
  hits: number
}

export type ConsentCategory = 'none' | 'analytics' | 'marketing' | 'preferences'

export interface ConsentRecordTable {
  id: Generated<number>
  consentId: string
  analytics: boolean
  marketing: boolean
  preferences: boolean
  version: string
  /** When the server received the choice: the record's time. */
  chosenAt: Date
  /** The time the visitor's browser claimed, kept as evidence only. */
  clientTimestamp: ColumnType<Date | null, Date | null | undefined, Date | null>
  userAgent: string | null
  createdAt: CreatedAt
}

export interface SiteRevisionTable {
  id: number
  revision: number
  updatedAt: UpdatedAt
}

/** One stored rendition of an uploaded image, served at /uploads/{key}. */
export interface UploadTable {
  id: Generated<number>
  key: string
  contentType: string
  width: number
  height: number
  bytes: Uint8Array
  createdAt: CreatedAt
  createdBy: number | null
}

/** One erased identity: a keyed hash of an email or E.164 phone, never the value itself. */
export interface ErasureLedgerTable {
  id: Generated<number>
  kind: 'email' | 'phone'
  digest: string
  erasedAt: Date
}

export interface DB
  extends BuyerTables,
    ComplaintTables,
    ReviewTables,
    ConsentTables,
    VisitorTables,
    MediaTables,
    PagePartTables,
    PagePublicationTables,
    SessionTables,
    SsoTables,
    FactorTables,
    CertificateTables,
    LeadConfirmationTables,
    ConversionTables {
  lead: LeadTable
  leadSubmission: LeadSubmissionTable
  eligibilityResponse: EligibilityResponseTable
  user: UserTable
  adminUser: AdminUserTable
  page: PageTable
  pageRevision: PageRevisionTable
  siteSetting: SiteSettingTable
  customScript: CustomScriptTable
  redirect: RedirectTable
  auditLog: AuditLogTable
  rateLimit: RateLimitTable
  consentRecord: ConsentRecordTable
  siteRevision: SiteRevisionTable
  upload: UploadTable
  webhook: WebhookTable
  webhookDelivery: WebhookDeliveryTable
  webhookAttempt: WebhookAttemptTable
  erasureLedger: ErasureLedgerTable
  questionnaireVersion: QuestionnaireVersionTable
}

export type Lead = Selectable<LeadTable>
export type Experiment = Selectable<ExperimentTable>
export type QuestionnaireVersion = Selectable<QuestionnaireVersionTable>
export type NewLead = Insertable<LeadTable>
export type LeadSubmission = Selectable<LeadSubmissionTable>
export type EligibilityResponse = Selectable<EligibilityResponseTable>
export type Page = Selectable<PageTable>
export type NewPage = Insertable<PageTable>
export type PageUpdate = Updateable<PageTable>
export type SiteSetting = Selectable<SiteSettingTable>
export type AdminUser = Selectable<AdminUserTable>
export type AuditLogEntry = Selectable<AuditLogTable>
