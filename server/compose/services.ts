import { EventEmitter } from 'node:events'
import type { Logger } from 'pino'
import { accountNoticesJob, authJobs, ensureFirstAdmin, factorJobs, routeGuards } from '../identity/index.ts'
import {
  Analytics,
  CONVERSIONS_JOB,
  ConversionSender,
  Exposures,
  exposuresJob,
  loadRunningExperiments,
  Metrics,
  PageViewLog,
  VisitorIds,
} from '../insight/index.ts'
import {
  certificateJobs,
  confirmNewLeads,
  deliveredLeads,
  deliveredSubmissions,
  leadConfirmationsJob,
  liveQuestionnaire,
  notifyOperatorOfNewLeads,
  pingedLeads,
  recordCurrentConsent,
  retentionJobs,
} from '../leads/index.ts'
import type { AppEvents, AppServices, Config } from '../platform/index.ts'
import {
  BackgroundTasks,
  Counters,
  createDatabase,
  createLogger,
  createMailer,
  type Database,
  migrateToLatest,
  rateLimitJobs,
  Scheduler,
} from '../platform/index.ts'
import {
  contractOffers,
  DeliveryWorker,
  loadConsentBuyers,
  requireBuyer,
  returnNotices,
} from '../sales/index.ts'
import {
  loadImageInfo,
  loadPublishedPages,
  loadRedirectTable,
  loadScriptMarkup,
  loadSettings,
  redirectHitsJob,
  SiteState,
  scheduledPublishJob,
} from '../site/index.ts'
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
  const analytics = new Analytics(db, visitors, config.publicUrl, {
    site: () => site.get(),
    beaconRule: () => (config.rateLimits.enabled ? config.rateLimits.events : undefined),
    exposures,
    // A commit on SQLite is an fsync on the event loop: page views are written every 5 s there.
    everyMs: database.dialect === 'sqlite' ? 5000 : 1000,
  })
  jobs.register(analytics.job(), { runOnStop: true })
  if (database.dialect === 'sqlite') jobs.register(analytics.promptJob())
  // After analytics: its last flush at shutdown records the exposures of the pages it counts.
  jobs.register(exposuresJob(db, exposures), { runOnStop: true })
  jobs.register(analytics.purgeJob())
  const viewLog = new PageViewLog({ db, analytics, visitors, file: config.pageViews.file })
  if (config.pageViews.from !== 'app') jobs.register(viewLog.job(), { runOnStop: true })

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
    // The buyer API's key check (`buyer-key`) is the sales area's; the rest are identity's.
    guards: { ...routeGuards, requireBuyer },
    events,
    metrics: new Metrics(events),
    visitors,
    exposures,
    analytics,
    viewLog,
    conversions: new ConversionSender({ db, config, logger }),
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
  const conversions = services.conversions
  jobs.register(conversions.job())
  // A new lead's events go out now rather than at the next poll.
  events.on('lead.created', () => void jobs.run(CONVERSIONS_JOB))
  jobs.register(accountNoticesJob(services))
  jobs.register(leadConfirmationsJob(services))
  jobs.register(scheduledPublishJob(services))
  confirmNewLeads(services)
  notifyOperatorOfNewLeads(services)
  return services
}
