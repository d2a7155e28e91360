import path from 'node:path'
import { z } from 'zod'

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => !v || /^(file:|postgres(ql)?:\/\/)/.test(v), {
      message: 'must be file:PATH or postgres://…',
    }),
  SESSION_SECRET: z.string().optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string }

export type Config = {
  port: number
  database: DatabaseConfig
  sessionSecret: string | undefined
  publicUrl: string | undefined
  adminEmail: string | undefined
  adminPassword: string | undefined
  nodeEnv: 'development' | 'production' | 'test'
  logLevel: string
}

export function parseDatabaseUrl(url: string | undefined): DatabaseConfig {
  if (!url) return { dialect: 'sqlite', file: path.resolve('data/app.db') }
  if (url.startsWith('file:')) return { dialect: 'sqlite', file: path.resolve(url.slice('file:'.length)) }
  return { dialect: 'postgres', url }
}

export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid environment: ${problems}`)
  }
  const e = result.data
  return {
    port: e.PORT,
    database: parseDatabaseUrl(e.DATABASE_URL),
    sessionSecret: e.SESSION_SECRET,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
  }
}
