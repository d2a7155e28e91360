/**
 * The platform: HTTP, the database, the API document, mail, the audit log, configuration and
 * scheduling. It knows no domain; every area builds on what this face exports.
 */
export { audit, auditEntriesAbout } from './audit/audit.server.ts'
export { activityAdminRouter, activityApi, activityRoutes } from './audit/router.ts'
export {
  type Config,
  type ConversionsConfig,
  type DatabaseConfig,
  parseConfig,
  parseDatabaseUrl,
  type RateRule,
  type WebhookConfig,
} from './config.ts'
export {
  type AppEvents,
  type AppServices,
  criticalCssContext,
  islandAssetsContext,
  type RequestFacts,
  requestContext,
  servicesContext,
} from './context.ts'
export { Counters } from './counters.ts'
export { crudStore } from './db/crud-store.ts'
export { createDatabase, type Database, type Dialect, json, ping } from './db/database.ts'
export { replacedDescriptions, shorterDescriptions } from './db/migrations/0014-shorter-descriptions.ts'
export { migrateToLatest, migrationProvider } from './db/migrations.ts'
export { listen, notify } from './db/notify.server.ts'
export { PREPARE_AFTER } from './db/prepared-statements.ts'
export type {
  AdminUser,
  ConsentCategory,
  DB,
  DeliveryKind,
  EligibilityResponseTable,
  Experiment,
  Lead,
  LeadSubmission,
  LeadSubmissionTable,
  LeadTable,
  NewLead,
  Page,
  QuestionnaireVersion,
} from './db/schema.ts'
export type {
  Buyer,
  BuyerTable,
  Contract,
  ContractTable,
  LeadRouteTable,
  QueuedContract,
  RouteDecision,
  SaleTable,
  SkippedContract,
} from './db/schema-buyers.ts'
export type { PublicJwk } from './db/schema-certificates.ts'
export type { ChallengeKind, Passkey } from './db/schema-factors.ts'
export type { Media } from './db/schema-media.ts'
export type { SavedSectionTable } from './db/schema-page-parts.ts'
export { scrubDeletedRows } from './db/scrub.ts'
export { runInBackground } from './event-loop-load.ts'
export { isRefusedActionOrigin } from './http/action-origin.ts'
export {
  type ResourceOperation,
  type ResourceStore,
  resourceRoutes,
  withChanges,
} from './http/admin-resource.ts'
export { readCookie, serializeCookie } from './http/cookies.ts'
export { CriticalCss } from './http/critical-css.ts'
export { apiErrorHandler, apiNotFound, callerError, HttpError } from './http/errors.ts'
export { formBodyLimit } from './http/form-body-limit.ts'
export { ISLANDS_INPUT, ISLANDS_MANIFEST, type IslandAssets, loadIslandAssets } from './http/island-assets.ts'
export { readMultipartForm } from './http/multipart.ts'
export { NONCE_PLACEHOLDER } from './http/nonce.ts'
export { buildPageEntry, type PageEntry, rawHeader, sendPageEntry } from './http/page-entry.ts'
export { pageHandler, renderOrigin } from './http/page-handler.ts'
export { clientKey, hitRateLimit, type RateDecision, rateLimit, rateLimitJobs } from './http/rate-limit.ts'
export { canonicalCase, pageMethods, requestGuards } from './http/request-guards.ts'
export { answerBadTarget, urlOnSite } from './http/request-target.ts'
export {
  apiModule,
  mountRoutes,
  type RouteContext,
  type RouteDefinition,
  type RouteGuards,
  route,
} from './http/route.ts'
export { sameOriginOnly } from './http/same-origin.ts'
export { hashTrustedScripts } from './http/script-hashes.ts'
export { contentSecurityPolicy, securityHeaders } from './http/security-headers.ts'
export { applyServerTimeouts } from './http/server-timeouts.ts'
export {
  changedFields,
  containsNul,
  isUniqueViolation,
  NUL_MESSAGE,
  parseBody,
  parseId,
  requireChanges,
} from './http/validate.ts'
export { write } from './http/write.ts'
export { createLogger } from './logger.ts'
export { createMailer, type Mail } from './mail/mailer.server.ts'
export { answerCheck, type Drift, documentChecker, pointer } from './openapi/answer-check.ts'
export { toJsonSchema } from './openapi/document.ts'
export {
  type ApiOperation,
  arrayOf,
  defineApi,
  type JsonSchema,
  messageSchema,
  ref,
  shape,
} from './openapi/operation.ts'
export { openApiRouter } from './openapi/router.ts'
export { type Job, Scheduler } from './scheduler.ts'
export { gracefulShutdown } from './shutdown.ts'
export { DEFAULT_MFA_AMR, isAllowedDomain, providerUsedSecondFactor, type SsoConfig } from './sso-config.ts'
export { BackgroundTasks } from './task-queue.ts'
