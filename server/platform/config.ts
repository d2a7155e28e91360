import { createHmac, randomBytes } from 'node:crypto'
import path from 'node:path'
import { z } from 'zod'
import { parseSsoConfig, type SsoConfig, ssoEnvSchema } from './sso-config.ts'

export type RateRule = { limit: number; windowMs: number }

const units = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const
/** "10/15m" = at most 10 requests per 15 minutes. */
export function parseRateRule(text: string): RateRule | undefined {
  const match = /^(\d+)\/(\d+)([smhd])$/.exec(text.trim())
  if (!match) return undefined
  const limit = Number(match[1])
  const windowMs = Number(match[2]) * units[match[3] as keyof typeof units]
  return limit > 0 && windowMs > 0 ? { limit, windowMs } : undefined
}

const rateRule = z
  .string()
  .refine((v) => parseRateRule(v) !== undefined, {
    message: 'must look like 10/15m (count/duration s|m|h|d)',
  })
  .transform((v) => parseRateRule(v) as RateRule)

const seconds = z.coerce
  .number()
  .positive()
  .max(86_400 * 7)

/** "60,300,1800": the waits in seconds between a failed delivery and its next attempts. */
const retryDelays = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((v) => v === '' || v.split(',').every((d) => /^\s*\d+(\.\d+)?\s*$/.test(d) && Number(d) > 0), {
      message: 'must be positive numbers of seconds separated by commas, e.g. 60,300,1800',
    })
    .transform((v) => (v === '' ? [] : v.split(',').map((d) => Number(d) * 1000)))

const yesNo = z
  .string()
  .trim()
  .toLowerCase()
  .default('false')
  .refine((v) => /^(true|false|1|0|yes|no|on|off|)$/.test(v), { message: 'must be true or false' })
  .transform((v) => /^(true|1|yes|on)$/.test(v))

/** An endpoint's base URL: https, or http to this machine (local receivers in tests). */
const endpointUrl = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((v) => v || fallback)
    .refine(
      (v) => {
        try {
          const url = new URL(v)
          if (url.protocol === 'https:') return true
          return url.protocol === 'http:' && /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(url.hostname)
        } catch {
          return false
        }
      },
      { message: 'must be an https:// URL (http:// only to localhost)' },
    )
    .transform((v) => v.replace(/\/+$/, ''))

const envSchema = ssoEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  // all: serves and delivers; web: serves only; worker: delivers (and answers /healthz, /metrics).
  INSTANCE_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => !v || /^(file:|postgres(ql)?:\/\/)/.test(v), {
      message: 'must be file:PATH or postgres://…',
    }),
  // PostgreSQL: repeated statements run prepared; off behind a pooler that cannot keep them (ADR 0087).
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  SESSION_SECRET: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => !v || v.length >= 16, { message: 'must be at least 16 characters' }),
  ERASURE_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => !v || v.length >= 32, { message: 'must be at least 32 characters' }),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_EMAIL: z.string().optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => !v || v.length >= 16, { message: 'must be at least 16 characters' }),
  ADMIN_PASSWORD: z.string().optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  MAIL_FROM: z.string().default('Car Finance Claim Check <no-reply@carfinanceclaimcheck.co.uk>'),
  MAIL_OUTBOX: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .refine(
      (v) =>
        v === '' ||
        /^(\d{1,2}|loopback|linklocal|uniquelocal|[0-9a-f:.,/\s]+|(loopback|linklocal|uniquelocal)(,\s*[\w:./]+)*)$/i.test(
          v,
        ),
      {
        message:
          'must be off, a hop count, loopback/linklocal/uniquelocal or proxy addresses (comma-separated)',
      },
    ),
  RATE_LIMIT_LOGIN: z.string().default('10/15m').pipe(rateRule),
  RATE_LIMIT_FORGOT_PASSWORD: z.string().default('5/1h').pipe(rateRule),
  RATE_LIMIT_LEADS: z.string().default('30/10m').pipe(rateRule),
  RATE_LIMIT_CONSENT: z.string().default('60/10m').pipe(rateRule),
  RATE_LIMIT_COMPLAINTS: z.string().default('10/1h').pipe(rateRule),
  RATE_LIMIT_BUYER_API: z.string().default('300/5m').pipe(rateRule),
  RATE_LIMIT_CERTIFICATES: z.string().default('300/5m').pipe(rateRule),
  RATE_LIMIT_EVENTS: z.string().default('600/10m').pipe(rateRule),
  CERTIFICATE_KEY_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  SESSION_MAX_AGE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  WEBHOOK_RETRY_DELAYS: retryDelays('60,300,1800,7200,43200'),
  // A lead offered to a buyer is worth most in its first minutes: retried briefly, then the next buyer.
  OFFER_RETRY_DELAYS: retryDelays('5'),
  WEBHOOK_ALLOW_PRIVATE: yesNo,
  WEBHOOK_TIMEOUT_SECONDS: seconds.default(10),
  WEBHOOK_LEASE_SECONDS: seconds.default(15),
  WEBHOOK_POLL_SECONDS: seconds.default(1),
  // Posts in flight per instance: a silent buyer holds one for WEBHOOK_TIMEOUT_SECONDS, and in a
  // spike hundreds of offers a second go out, so a few dozen slots would let silence stall them all.
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(2048).default(256),
  CONVERSIONS_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => !v || Buffer.from(v, 'base64').length === 32, {
      message: 'must be 32 bytes in base64 (openssl rand -base64 32)',
    }),
  GOOGLE_DATA_MANAGER_URL: endpointUrl('https://datamanager.googleapis.com'),
  GOOGLE_OAUTH_TOKEN_URL: endpointUrl('https://oauth2.googleapis.com/token'),
  META_GRAPH_URL: endpointUrl('https://graph.facebook.com'),
  TIKTOK_EVENTS_URL: endpointUrl('https://business-api.tiktok.com'),
  CONVERSIONS_RETRY_DELAYS: retryDelays('60,300,1800,7200,43200'),
  CONVERSIONS_POLL_SECONDS: seconds.default(2),
  CONVERSIONS_TIMEOUT_SECONDS: seconds.default(15),
  PAGE_VIEWS: z.enum(['auto', 'app', 'nginx-log']).default('auto'),
  PAGE_VIEW_LOG: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
})

export type DatabaseConfig =
  | { dialect: 'sqlite'; file: string }
  /** preparedStatements: repeated statements run prepared (ADR 0087); off behind a pooler that cannot. */
  | { dialect: 'postgres'; url: string; preparedStatements?: boolean }

export type Config = {
  port: number
  database: DatabaseConfig
  /** Keys the session id hashes; generated per process when unset (sessions end on restart). */
  sessionSecret: string
  sessionSecretGenerated: boolean
  /**
   * Keys the hashes in the erasure ledger (server/leads/data-requests/erasure-ledger.server.ts): ERASURE_KEY,
   * else derived from SESSION_SECRET. Never stored in the database.
   */
  erasureKey: Buffer
  /** Neither variable is set: the key lives for this process only and the ledger cannot be re-applied. */
  erasureKeyGenerated: boolean
  publicUrl: string | undefined
  /** Where links in e-mails point: PUBLIC_URL, or http://localhost:PORT when it is unset. */
  linkOrigin: string
  adminEmail: string | undefined
  adminPassword: string | undefined
  /** GET /metrics answers only requests that carry it (`Authorization: Bearer …`); unset, it is off. */
  metricsToken: string | undefined
  /** How long a stopping instance keeps answering on its open connections (server/platform/shutdown.ts). */
  shutdownGraceMs: number
  nodeEnv: 'development' | 'production' | 'test'
  /** What this instance runs besides serving (docs/decisions/0086-offers-under-a-spike.md). */
  instanceRole: 'all' | 'web' | 'worker'
  /**
   * Outside production, JSON answers of documented operations are checked against
   * /api/openapi.json (server/platform/openapi/answer-check.ts): logged on a drift, or answered 500 with
   * `throw`. Unset: `log`. Production never checks.
   */
  answerCheck?: 'off' | 'log' | 'throw'
  logLevel: string
  smtpUrl: string | undefined
  mailFrom: string
  mailOutbox: string | undefined
  /** Express `trust proxy`: false (ignore X-Forwarded-For), a hop count or the proxies' addresses. */
  trustProxy: false | number | string
  rateLimits: {
    enabled: boolean
    login: RateRule
    forgotPassword: RateRule
    leads: RateRule
    consent: RateRule
    /** Data-protection complaints (the form and POST /api/complaints), per client address. */
    complaints: RateRule
    buyerApi: RateRule
    /** POST /api/consent-certificates/verify, per client address. */
    certificates: RateRule
    /** POST /api/events (analytics beacons), per client address. */
    events: RateRule
  }
  /** A consent-certificate signing key older than this is retired and a new one made. */
  certificateKeyMaxAgeMs: number
  /** Idle lifetime: a session unused this long ends. */
  sessionTtlMs: number
  /** Absolute lifetime: a session this old ends however active it is. */
  sessionMaxAgeMs: number
  webhooks: WebhookConfig
  /** OpenID Connect single sign-on; null when the SSO_* variables are unset. */
  sso: SsoConfig | null
  conversions: ConversionsConfig
  /**
   * Where page views are counted (docs/decisions/0085-page-views-from-nginx.md): `app`, each
   * instance the pages it serves; `nginx-log`, from nginx's page-view log only (the app counts none
   * itself); `auto`, from the log for requests a trusted proxy says it logs (X-Claim-View-Log),
   * by the app for the others. The log is read by the instance holding the lease among those that
   * find `file` (PAGE_VIEW_LOG; in `auto`, else the path the proxy names).
   */
  pageViews: { from: 'app'; file?: undefined } | { from: 'auto' | 'nginx-log'; file: string | undefined }
}

/** Server-side conversions to ad platforms (server/insight/conversions). */
export type ConversionsConfig = {
  /** AES-256-GCM key for the destinations' credentials; without it none can be saved. */
  key: Buffer | undefined
  googleDataManagerUrl: string
  googleTokenUrl: string
  metaGraphUrl: string
  tiktokEventsUrl: string
  /** Waits after a failed send (a 5xx, 429 or no answer); after the last the event has failed. */
  retryDelaysMs: number[]
  /** How often the sender looks for new and due events besides being woken by new leads. */
  pollMs: number
  timeoutMs: number
}

export type WebhookConfig = {
  /** Waits after the first, second… failed attempt; after the last one the delivery has failed. */
  retryDelaysMs: number[]
  /**
   * The same for an offer to a buyer's contract (a timeout, a 5xx): after the last, the lead moves
   * to the next contract. Absent: `retryDelaysMs`.
   */
  offerRetryDelaysMs?: number[]
  /** Lets webhook URLs point at loopback, private and link-local addresses (tests, local buyers). */
  allowPrivate: boolean
  /** An attempt the buyer has not answered by then counts as failed. */
  timeoutMs: number
  /** How long a claimed delivery stays with its worker; longer than the timeout, so only a dead worker loses it. */
  leaseMs: number
  /** How often the worker looks for due deliveries besides being woken by new leads. */
  pollMs: number
  /** Posts in flight at once per instance. */
  concurrency: number
}

function parseTrustProxy(value: string): false | number | string {
  if (value === '' || /^(off|false|no|0)$/i.test(value)) return false
  if (/^\d{1,2}$/.test(value)) return Number(value)
  return value
}

export function parseDatabaseUrl(url: string | undefined): DatabaseConfig {
  if (!url) return { dialect: 'sqlite', file: path.resolve('data/app.db') }
  if (url.startsWith('file:')) return { dialect: 'sqlite', file: path.resolve(url.slice('file:'.length)) }
  return { dialect: 'postgres', url }
}

const withPrepared = (database: DatabaseConfig, preparedStatements: boolean): DatabaseConfig =>
  database.dialect === 'postgres' ? { ...database, preparedStatements } : database

export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid environment: ${problems}`)
  }
  const e = result.data
  const sessionSecret = e.SESSION_SECRET ?? randomBytes(32).toString('base64url')
  if (e.WEBHOOK_LEASE_SECONDS <= e.WEBHOOK_TIMEOUT_SECONDS) {
    throw new Error('Invalid environment: WEBHOOK_LEASE_SECONDS must be longer than WEBHOOK_TIMEOUT_SECONDS')
  }
  if (e.PAGE_VIEW_LOG && e.PAGE_VIEWS === 'app') {
    throw new Error('Invalid environment: PAGE_VIEW_LOG is not read with PAGE_VIEWS=app')
  }
  return {
    port: e.PORT,
    database: withPrepared(parseDatabaseUrl(e.DATABASE_URL), e.DATABASE_PREPARED_STATEMENTS === 'on'),
    sessionSecret,
    sessionSecretGenerated: !e.SESSION_SECRET,
    erasureKey: e.ERASURE_KEY
      ? Buffer.from(e.ERASURE_KEY)
      : createHmac('sha256', sessionSecret).update('erasure-ledger').digest(),
    erasureKeyGenerated: !e.ERASURE_KEY && !e.SESSION_SECRET,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    linkOrigin: e.PUBLIC_URL?.replace(/\/+$/, '') || `http://localhost:${e.PORT}`,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    nodeEnv: e.NODE_ENV,
    instanceRole: e.INSTANCE_ROLE,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailOutbox: e.MAIL_OUTBOX ? path.resolve(e.MAIL_OUTBOX) : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimits: {
      enabled: e.RATE_LIMITS === 'on',
      login: e.RATE_LIMIT_LOGIN,
      forgotPassword: e.RATE_LIMIT_FORGOT_PASSWORD,
      leads: e.RATE_LIMIT_LEADS,
      consent: e.RATE_LIMIT_CONSENT,
      complaints: e.RATE_LIMIT_COMPLAINTS,
      buyerApi: e.RATE_LIMIT_BUYER_API,
      certificates: e.RATE_LIMIT_CERTIFICATES,
      events: e.RATE_LIMIT_EVENTS,
    },
    certificateKeyMaxAgeMs: e.CERTIFICATE_KEY_MAX_AGE_DAYS * 86_400_000,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_HOURS * 3_600_000,
    webhooks: {
      retryDelaysMs: e.WEBHOOK_RETRY_DELAYS,
      offerRetryDelaysMs: e.OFFER_RETRY_DELAYS,
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
      leaseMs: e.WEBHOOK_LEASE_SECONDS * 1000,
      pollMs: e.WEBHOOK_POLL_SECONDS * 1000,
      concurrency: e.WEBHOOK_CONCURRENCY,
    },
    sso: parseSsoConfig(e, e.NODE_ENV),
    conversions: {
      key: e.CONVERSIONS_KEY ? Buffer.from(e.CONVERSIONS_KEY, 'base64') : undefined,
      googleDataManagerUrl: e.GOOGLE_DATA_MANAGER_URL,
      googleTokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
      metaGraphUrl: e.META_GRAPH_URL,
      tiktokEventsUrl: e.TIKTOK_EVENTS_URL,
      retryDelaysMs: e.CONVERSIONS_RETRY_DELAYS,
      pollMs: e.CONVERSIONS_POLL_SECONDS * 1000,
      timeoutMs: e.CONVERSIONS_TIMEOUT_SECONDS * 1000,
    },
    pageViews:
      e.PAGE_VIEWS === 'app'
        ? { from: 'app' }
        : { from: e.PAGE_VIEWS, file: e.PAGE_VIEW_LOG ? path.resolve(e.PAGE_VIEW_LOG) : undefined },
  }
}
