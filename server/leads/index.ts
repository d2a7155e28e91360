/**
 * Leads: capture, the questionnaire, the consent a lead gave (versions and certificates), the
 * admin's lead screens and data requests (subject access, erasure, retention).
 */
export { leadsAdminRouter, leadsAdminRoutes, leadsApi, leadsRoutes } from './admin-router.ts'
export { LeadAnswersError, questionnaireOf, versionsById } from './answers.server.ts'
export { backfillLeadAnswers } from './backfill.server.ts'
export {
  confirmNewLeads,
  enquiryReceipt,
  leadConfirmationsJob,
  MAX_CONFIRMATION_ATTEMPTS,
  sendLeadConfirmations,
  thankYouCookie,
  thankYouReference,
} from './confirmations.server.ts'
export { signConsentCertificates } from './consent/certificates.server.ts'
export {
  certificateJobs,
  forgetActiveKeys,
  loadActiveKey,
  retentionYearsOf,
  signerSettingsOf,
} from './consent/keys.server.ts'
export {
  consentCertificatesApi,
  consentCertificatesRouter,
  consentCertificatesRoutes,
} from './consent/router.ts'
export { type CurrentConsent, recordCurrentConsent, shownConsent } from './consent/versions.server.ts'
export { subjectsAdminRouter, subjectsApi, subjectsRoutes } from './data-requests/admin-router.ts'
export { checkComplaintRateLimit, submitComplaint } from './data-requests/complaints.server.ts'
export { complaintsApi, complaintsRoutes } from './data-requests/complaints-router.ts'
export {
  type LedgerEntry,
  ledgerDigest,
  ledgerToJsonLines,
  parseLedgerJsonLines,
  readLedger,
} from './data-requests/erasure-ledger.server.ts'
export { notifyOperatorOfNewLeads } from './data-requests/lead-notification.server.ts'
export { reapplyErasures } from './data-requests/requests.server.ts'
export { purgeExpiredData, RETENTION_JOB, retentionJobs } from './data-requests/retention.server.ts'
export { deliveredLeads, deliveredSubmissions, pingedLeads } from './delivery-payload.server.ts'
export { newReference } from './lead-rows.server.ts'
export { PERSONAL_DATA_TABLES, purgeLeadsBefore } from './personal-data.server.ts'
export { ConsentVersionError, captureLead, checkLeadRateLimit, createLead } from './queries.server.ts'
export {
  questionnaireAdminRouter,
  questionnaireApi,
  questionnaireRoutes,
} from './questionnaire/admin-router.ts'
export { ApprovalNeeded, publishGuard, publishQuestionnaire } from './questionnaire/publish.server.ts'
export {
  acceptedQuestionnaire,
  findQuestionnaireVersion,
  type LiveQuestionnaire,
  liveQuestionnaire,
  questionTitles,
  RETIRED_GRACE_MS,
  seedQuestionnaires,
} from './questionnaire/queries.server.ts'
export {
  addressedQuestionnaire,
  postedQuestionnaire,
  shownQuestionnaire,
} from './questionnaire/shown-questionnaire.server.ts'
export { leadCaptureRoute, leadListHandler, leadListRoute, leadsRouter } from './router.ts'

declare module '../platform/index.ts' {
  interface AppEvents {
    /** A new (not duplicate) lead is committed, with its outbox rows. */
    'lead.created': [{ id: number; deliveries: number }]
    /** A later submission of a lead is committed with outbox rows (no buyer had the person yet). */
    'lead.submitted': [{ leadId: number; submissionId: number; deliveries: number }]
  }
}

export { lockLead, setSaleStatus } from './sale-status.server.ts'
