import { EventEmitter } from 'node:events'
import type { Logger } from 'pino'
import { accountNoticesJob } from '../identity/account/notices.server.ts'
import { ensureFirstAdmin } from '../identity/auth/bootstrap.ts'
import { authJobs } from '../identity/auth/sessions.server.ts'
import { factorJobs } from '../identity/mfa/store.server.ts'
import { Analytics } from '../insight/analytics/ingest.server.ts'
import { VisitorIds } from '../insight/analytics/visitor.server.ts'
import { Exposures } from '../insight/experiments/assignment.server.ts'
import { exposuresJob } from '../insight/experiments/jobs.server.ts'
import { loadRunningExperiments } from '../insight/experiments/queries.server.ts'
import { Metrics } from '../insight/metrics/metrics.ts'
import { confirmNewLeads, leadConfirmationsJob } from '../leads/confirmations.server.ts'
import { certificateJobs } from '../leads/consent/keys.server.ts'
import { recordCurrentConsent } from '../leads/consent/versions.server.ts'
import { notifyOperatorOfNewLeads } from '../leads/data-requests/lead-notification.server.ts'
import { retentionJobs } from '../leads/data-requests/retention.server.ts'
import { deliveredLeads, deliveredSubmissions, pingedLeads } from '../leads/delivery-payload.server.ts'
import { liveQuestionnaire } from '../leads/questionnaire/queries.server.ts'
import type { Config } from '../platform/config.ts'
import type { AppEvents, AppServices } from '../platform/context.ts'
import { Counters } from '../platform/counters.ts'
import { createDatabase, type Database } from '../platform/db/database.ts'
import { migrateToLatest } from '../platform/db/migrations.ts'
import { rateLimitJobs } from '../platform/http/rate-limit.ts'
import { createLogger } from '../platform/logger.ts'
import { createMailer } from '../platform/mail/mailer.server.ts'
import { Scheduler } from '../platform/scheduler.ts'
import { BackgroundTasks } from '../platform/task-queue.ts'
import { loadConsentBuyers } from '../sales/buyers/consent.server.ts'
import { returnNotices } from '../sales/returns/notices.server.ts'
import { contractOffers } from '../sales/routing/offers.server.ts'
import { DeliveryWorker } from '../sales/webhooks/worker.server.ts'
import { loadImageInfo } from '../site/media/queries.server.ts'
import { loadPublishedPages } from '../site/pages/queries.server.ts'
import { redirectHitsJob } from '../site/redirects/hits.server.ts'
import { loadRedirectTable } from '../site/redirects/queries.server.ts'
import { loadScriptMarkup } from '../site/scripts/queries.server.ts'
import { loadSettings } from '../site/settings/queries.server.ts'
import { SiteState } from '../site/site-state.server.ts'
import { seed } from './seed.ts'

/**
 * The composition root: the one place that knows every module. The process entry
 * (server/compose/main.ts) and the tests (tests/support/test-app.ts) both build their services here.
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
