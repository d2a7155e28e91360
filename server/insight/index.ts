/**
 * Insight: cookieless analytics, experiments and the process metrics.
 */
import type { Analytics } from './analytics/ingest.server.ts'
import type { PageViewLog } from './analytics/page-view-log.server.ts'
import type { VisitorIds } from './analytics/visitor.server.ts'
import type { ConversionSender } from './conversions/sender.server.ts'
import type { Assigned, Exposures } from './experiments/assignment.server.ts'
import type { Metrics } from './metrics/metrics.ts'

export { analyticsAdminRouter, analyticsApi, analyticsRoutes } from './analytics/admin-router.ts'
export { serveBeacon } from './analytics/beacon-endpoint.ts'
export {
  ANALYTICS_JOB,
  ANALYTICS_PROMPT_JOB,
  ANALYTICS_PURGE_JOB,
  Analytics,
  type ServedPage,
} from './analytics/ingest.server.ts'
export { PAGE_VIEW_LOG_JOB, PageViewLog } from './analytics/page-view-log.server.ts'
export { visitorTotals } from './analytics/reports.server.ts'
export { eventsRouter } from './analytics/router.ts'
export { VIEW_HEADER, VIEW_LOG_HEADER, viewHeader } from './analytics/view-log-line.ts'
export { VisitorIds } from './analytics/visitor.server.ts'
export { conversionsAdminRouter, conversionsApi, conversionsRoutes } from './conversions/admin-router.ts'
export { claimEvents, discoverEvents, listEvents } from './conversions/events.server.ts'
export { hashedContact, sha256 } from './conversions/payloads.server.ts'
export { openSecrets, sealSecrets } from './conversions/secrets.server.ts'
export { CONVERSIONS_JOB, ConversionSender } from './conversions/sender.server.ts'
export { experimentsAdminRouter, experimentsApi, experimentsRoutes } from './experiments/admin-router.ts'
export {
  type Assigned,
  addressOf,
  assignedVariant,
  bucketOf,
  Exposures,
  experimentQuestionnaire,
  factsOf,
  leadVariant,
  type TrustProxy,
  type VisitorFacts,
  visitorFacts,
} from './experiments/assignment.server.ts'
export { exposuresJob } from './experiments/jobs.server.ts'
export {
  findExperiment,
  loadRunningExperiments,
  type RunningExperiment,
} from './experiments/queries.server.ts'
export { Metrics, routeClassOf } from './metrics/metrics.ts'
export { metricsRoute } from './metrics/router.ts'

declare module '../platform/index.ts' {
  interface AppServices {
    /** This instance's request, cache, lead and delivery figures for GET /metrics. */
    metrics: Metrics
    /** A visitor's id for the day, from a daily salt: no cookie, nothing on the device. */
    visitors: VisitorIds
    /** Who saw which experiment variant, written in batches. */
    exposures: Exposures
    /** Cookieless analytics: events queued in memory, written and rolled up by the `analytics` job. */
    analytics: Analytics
    /** The reader of nginx's page-view log (ADR 0085), when page views come from it. */
    viewLog: PageViewLog
    /** Server-side conversions to Google, Meta and TikTok, sent by the `conversions` job. */
    conversions: ConversionSender
  }
  interface RequestFacts {
    /** The variant of the experiment running on this page that the visitor is shown. */
    variant: Assigned | null
  }
}

declare global {
  namespace Express {
    interface Locals {
      /** The experiment variant this page is rendered for. */
      experimentVariant?: Assigned
    }
  }
}
