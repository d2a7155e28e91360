import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { createContext } from 'react-router'
import type { Config } from './config.ts'
import type { Dialect } from './db/database.ts'
import type { DB } from './db/schema.ts'

/** What the HTTP pipeline hands to every router and route loader. */
export type AppServices = {
  db: Kysely<DB>
  dialect: Dialect
  config: Config
  logger: Logger
}

export const servicesContext = createContext<AppServices>()
