import type { EventEmitter } from 'node:events'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { createContext } from 'react-router'
import type { CurrentAdmin } from '../../core/schemas/users.ts'
import type { Config } from './config.ts'
import type { Counters } from './counters.ts'
import type { Dialect } from './db/database.ts'
import type { DB } from './db/schema.ts'
import type { CriticalCss } from './http/critical-css.ts'
import type { IslandAssets } from './http/island-assets.ts'
import type { RouteGuards } from './http/route.ts'
import type { Mailer } from './mail/mailer.server.ts'
import type { Scheduler } from './scheduler.ts'
import type { BackgroundTasks } from './task-queue.ts'

/**
 * What the HTTP pipeline hands to every router and route loader, built once by
 * `createServices` (server/compose/services.ts). The platform declares its own members; each
 * area adds what it runs for everyone in its face (`declare module './index.ts'`), so
 * this file knows no domain and `createServices` must still supply every member.
 */
export interface AppServices {
  db: Kysely<DB>
  dialect: Dialect
  config: Config
  logger: Logger
  mailer: Mailer
  /** One-time first-admin setup token while no admin exists (printed at start), else null. */
  setup: { token: string | null }
  /** Periodic jobs registered by the areas. */
  jobs: Scheduler
  /** Counts written in batches by a job (redirect hits). */
  counters: Counters
  /** Work done after answering (password-reset mail). */
  background: BackgroundTasks
  /** In-process news between areas (a committed lead wakes the delivery worker at once). */
  events: EventEmitter<AppEvents>
  /** The session and permission checks a route definition names (server/identity supplies them). */
  guards: RouteGuards
}

/** In-process events by name and arguments; each area declares the events it emits in its face. */
// biome-ignore lint/suspicious/noEmptyInterface: areas merge their events into it
export interface AppEvents {}

export const servicesContext = createContext<AppServices>()

/** Per-request facts a loader or action may need beyond the Fetch Request (areas may add theirs). */
export interface RequestFacts {
  ip: string
  nonce: string
  admin: CurrentAdmin | null
  /** The visitor's experiment bucket today (0–99, server/insight/experiments/assignment.server.ts). */
  bucket: number
}
export const requestContext = createContext<RequestFacts>()

/** The public pages' islands script (server/platform/http/island-assets.ts); null: they hydrate with the router. */
export const islandAssetsContext = createContext<IslandAssets | null>(null)

/** Inlines the critical CSS of pages served with the islands script (null without a client build). */
export const criticalCssContext = createContext<CriticalCss | null>(null)
