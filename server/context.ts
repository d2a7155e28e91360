import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { createContext } from 'react-router'
import type { Config } from './config.ts'
import type { Dialect } from './db/database.ts'
import type { DB } from './db/schema.ts'
import type { Mailer } from './mail/mailer.server.ts'
import type { SiteState } from './site/site-state.server.ts'

/** What the HTTP pipeline hands to every router and route loader. */
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
}

export const servicesContext = createContext<AppServices>()

/** Per-request facts a loader or action may need beyond the Fetch Request. */
export type RequestFacts = {
  ip: string
  nonce: string
  admin: import('./auth/admins.server.ts').CurrentAdmin | null
}
export const requestContext = createContext<RequestFacts>()
