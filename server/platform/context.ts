import type { EventEmitter } from 'node:events'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { createContext } from 'react-router'
import type { CurrentAdmin } from '../../core/schemas/users.ts'
import type { Analytics } from '../insight/analytics/ingest.server.ts'
import type { VisitorIds } from '../insight/analytics/visitor.server.ts'
import type { Assigned, Exposures } from '../insight/experiments/assignment.server.ts'
import type { Metrics } from '../insight/metrics/metrics.ts'
import type { SiteState } from '../site/site-state.server.ts'
import type { Config } from './config.ts'
import type { Counters } from './counters.ts'
import type { Dialect } from './db/database.ts'
import type { DB } from './db/schema.ts'
import type { CriticalCss } from './http/critical-css.ts'
import type { IslandAssets } from './http/island-assets.ts'
import type { Mailer } from './mail/mailer.server.ts'
import type { Scheduler } from './scheduler.ts'
import type { BackgroundTasks } from './task-queue.ts'

/**
 * What the HTTP pipeline hands to every router and route loader. Built once by
 * `createServices` (server/compose/services.ts); this file knows no domain module.
 */
export type AppServices = {
  db: Kysely<DB>
  dialect: Dialect
  config: Config
  logger: Logger
  mailer: Mailer
  /** One-time first-admin setup token while no admin exists (printed at start), else null. */
  setup: { token: string | null }
  /** Settings, scripts, redirects and published pages in memory, refreshed on change. */
  site: SiteState
  /** Periodic jobs registered by the modules. */
  jobs: Scheduler
  /** Counts written in batches by a job (redirect hits). */
  counters: Counters
  /** Work done after answering (password-reset mail). */
  background: BackgroundTasks
  /** In-process news between modules (a committed lead wakes the delivery worker at once). */
  events: EventEmitter<AppEvents>
  /** This instance's request, cache, lead and delivery figures for GET /metrics. */
  metrics: Metrics
  /** Posts leads to the buyer's webhooks; started and stopped with the server, like `jobs`. */
  webhooks: WebhookWorker
  /** A visitor's id for the day, from a daily salt: no cookie, nothing on the device. */
  visitors: VisitorIds
  /** Who saw which experiment variant, written in batches (server/insight/experiments). */
  exposures: Exposures
  /** Cookieless analytics: events queued in memory, written and rolled up by the `analytics` job. */
  analytics: Analytics
}

export type WebhookWorker = {
  start: () => void
  /** Waits for the posts in flight (cut short after `graceMs`) and their records. */
  stop: (graceMs?: number) => Promise<void>
  /** Looks for due deliveries now. */
  wake: () => void
}

export type AppEvents = {
  /** A new (not duplicate) lead is committed, with its outbox rows. */
  'lead.created': [{ id: number; deliveries: number }]
  /** A later submission of a lead is committed with outbox rows (no buyer had the person yet). */
  'lead.submitted': [{ leadId: number; submissionId: number; deliveries: number }]
  /** An attempt to post a lead to a webhook is recorded, with what happens next. */
  'webhook.attempt': [{ outcome: 'delivered' | 'retry' | 'failed' | 'released' }]
  /** Uploaded renditions were deleted (the media library): the /uploads route forgets them. */
  'uploads.deleted': [{ keys: string[] }]
}

export const servicesContext = createContext<AppServices>()

/** Per-request facts a loader or action may need beyond the Fetch Request. */
export type RequestFacts = {
  ip: string
  nonce: string
  admin: CurrentAdmin | null
  /** The visitor's experiment bucket today (0–99, server/insight/experiments/assignment.server.ts). */
  bucket: number
  /** The variant of the experiment running on this page that the visitor is shown. */
  variant: Assigned | null
}
export const requestContext = createContext<RequestFacts>()

/** The public pages' islands script (server/platform/http/island-assets.ts); null: they hydrate with the router. */
export const islandAssetsContext = createContext<IslandAssets | null>(null)

/** Inlines the critical CSS of pages served with the islands script (null without a client build). */
export const criticalCssContext = createContext<CriticalCss | null>(null)
