import { EventEmitter } from 'node:events'
import type { Logger } from 'pino'
import { accountNoticesJob } from './account-notices/notices.server.ts'
import { Analytics } from './analytics/ingest.server.ts'
import { VisitorIds } from './analytics/visitor.server.ts'
import { ensureFirstAdmin } from './auth/bootstrap.ts'
import { authJobs } from './auth/sessions.server.ts'
import { loadConsentBuyers } from './buyers/consent.server.ts'
import type { Config } from './config.ts'
import { certificateJobs } from './consent-certificates/keys.server.ts'
import { recordCurrentConsent } from './consent-versions/versions.server.ts'
import type { AppEvents, AppServices } from './context.ts'
import { Counters } from './counters.ts'
import { createDatabase, type Database } from './db/database.ts'
import { migrateToLatest } from './db/migrations.ts'
import { seed } from './db/seed.ts'
import { Exposures } from './experiments/assignment.server.ts'
import { exposuresJob } from './experiments/jobs.server.ts'
import { loadRunningExperiments } from './experiments/queries.server.ts'
import { factorJobs } from './factors/store.server.ts'
import { rateLimitJobs } from './http/rate-limit.ts'
import { confirmNewLeads, leadConfirmationsJob } from './leads/confirmations.server.ts'
import { deliveredLeads, deliveredSubmissions, pingedLeads } from './leads/delivery-payload.server.ts'
import { createLogger } from './logger.ts'
import { createMailer } from './mail/mailer.server.ts'
import { loadImageInfo } from './media/queries.server.ts'
import { Metrics } from './metrics/metrics.ts'
import { DeliveryWorker } from './outbox/worker.server.ts'
import { loadPublishedPages } from './pages/queries.server.ts'
import { notifyOperatorOfNewLeads } from './privacy/lead-notification.server.ts'
import { retentionJobs } from './privacy/retention.server.ts'
import { liveQuestionnaire } from './questionnaire/queries.server.ts'
import { redirectHitsJob } from './redirects/hits.server.ts'
import { loadRedirectTable } from './redirects/queries.server.ts'
import { returnNotices } from './returns/notices.server.ts'
import { contractOffers } from './routing/offers.server.ts'
import { Scheduler } from './scheduler.ts'
import { loadScriptMarkup } from './scripts/queries.server.ts'
import { loadSettings } from './settings/queries.server.ts'
import { SiteState } from './site/site-state.server.ts'
import { BackgroundTasks } from './task-queue.ts'

/**
 * The composition root: the one place that knows every module. The process entry
 * (server/index.ts) and the tests (tests/support/test-app.ts) both build their services here.
 */

/** Migrates and seeds the database; returns the first-admin setup token when one is needed. */
export async function prepareDatabase(database: Database, config: Config, logger: Logger) {
  await migrateToLatest(database.db.withoutPlugins(), database.dialect)
  await seed(database.db)
  return ensureFirstAdmin(database.db, config, logger)
}

export type ServiceOptions = {
  logger?: Logger
  /** An open database (tests pass their own); by default one is opened from `config.database`. */
  database?: Database
  setupToken?: string | null
}

export function createServices(
  config: Config,
  options: ServiceOptions = {},
): AppServices & {
  database: Database
} {
  const logger = options.logger ?? createLogger(config.logLevel)
  const database = options.database ?? createDatabase(config.database)
  const { db } = database

  const site = new SiteState(db, async () => {
    const [settings, scripts, redirects, pages, questionnaire, consentBuyers, experiments, images] =
      await Promise.all([
        loadSettings(db),
        loadScriptMarkup(db),
        loadRedirectTable(db),
        loadPublishedPages(db),
        liveQuestionnaire(db),
        loadConsentBuyers(db),
        loadRunningExperiments(db),
        loadImageInfo(db),
      ])
    const consent = await recordCurrentConsent(db, consentBuyers, settings.get('partner_name'))
    return { settings, scripts, redirects, pages, questionnaire, consentBuyers, consent, experiments, images }
  })

  const counters = new Counters()
  const jobs = new Scheduler(logger)
  for (const job of [
    ...authJobs(db),
    ...factorJobs(db),
    ...rateLimitJobs(db),
    ...retentionJobs({ db, site, logger }),
    ...certificateJobs({ db, site }),
  ]) {
    jobs.register(job)
  }
  jobs.register(redirectHitsJob(db, counters), { runOnStop: true })

  const events = new EventEmitter<AppEvents>()
  const visitors = new VisitorIds(db, config.publicUrl ?? 'claimcheck')
  const exposures = new Exposures(visitors)
  jobs.register(exposuresJob(db, exposures), { runOnStop: true })
  const analytics = new Analytics(db, visitors, config.publicUrl, {
    site: () => site.get(),
    beaconRule: () => (config.rateLimits.enabled ? config.rateLimits.events : undefined),
  })
  jobs.register(analytics.job(), { runOnStop: true })
  jobs.register(analytics.purgeJob())

  const services = {
    database,
    db,
    dialect: database.dialect,
    config,
    logger,
    mailer: createMailer(config, logger),
    setup: { token: options.setupToken ?? null },
    site,
    jobs,
    counters,
    background: new BackgroundTasks(logger),
    events,
    metrics: new Metrics(events),
    visitors,
    exposures,
    analytics,
    webhooks: new DeliveryWorker({
      db,
      dialect: database.dialect,
      config,
      logger,
      events,
      offers: contractOffers(),
      payloads: {
        leads: deliveredLeads,
        submissions: deliveredSubmissions,
        pings: pingedLeads,
        returns: returnNotices,
      },
    }),
  }
  jobs.register(accountNoticesJob(services))
  jobs.register(leadConfirmationsJob(services))
  confirmNewLeads(services)
  notifyOperatorOfNewLeads(services)
  return services
}
