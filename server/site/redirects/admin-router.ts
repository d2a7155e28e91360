import { Router } from 'express'
import type { Kysely } from 'kysely'
import type { RE2JS } from 're2js'
import { applicationPaths, isProtectedPath } from '../../../core/paths.ts'
import {
  compilePattern,
  compileRedirects,
  followRedirects,
  lookupRedirect,
  type RedirectRule,
  sameSitePath,
} from '../../../core/redirect-rules.ts'
import {
  redirectCreateSchema,
  redirectTestQuerySchema,
  redirectUpdateSchema,
} from '../../../core/schemas/redirects.ts'
import type { AppServices, DB } from '../../platform/index.ts'
import {
  apiModule,
  HttpError,
  mountRoutes,
  ref,
  resourceRoutes,
  route,
  shape,
  withChanges,
} from '../../platform/index.ts'
import { ownHosts, resolveRedirect } from './middleware.ts'
import { listActiveRules, redirectStore } from './queries.server.ts'

/** A few addresses under every path the application owns, to try a regex rule's pattern on. */
const protectedSamples = applicationPaths
  .filter((p) => p.kind !== 'page')
  .flatMap((p) => {
    const paths = [p.path, p.path.toUpperCase()]
    return 'prefix' in p ? [...paths, `${p.path}/`, `${p.path}/x`, `${p.path}/login`] : paths
  })

/** Stand-ins for `$n` captures when following a regex rule's target: words and numbers. */
const SAMPLE_CAPTURES = ['x', '1', 'a-1']

/**
 * A rule must be able to match something, lead somewhere a browser can go, and never send a
 * browser round in circles through the other active rules. Longer chains are allowed, reported.
 */
export async function checkRedirect(
  db: Kysely<DB>,
  record: { [K in 'id' | 'fromUrl' | 'toUrl' | 'statusCode' | 'isRegex' | 'isActive']?: unknown },
  ownHosts: readonly string[] = [],
) {
  const candidate: RedirectRule = {
    id: typeof record.id === 'number' ? record.id : 0,
    fromUrl: String(record.fromUrl ?? ''),
    toUrl: String(record.toUrl ?? ''),
    statusCode: Number(record.statusCode ?? 301),
    isRegex: record.isRegex === true,
    isActive: record.isActive !== false,
  }
  let pattern: RE2JS | undefined
  if (candidate.isRegex) {
    const compiled = compilePattern(candidate.fromUrl)
    if (compiled.ok) pattern = compiled.pattern
    else {
      throw new HttpError(
        400,
        `The From URL pattern cannot be used (${compiled.reason}). Backreferences and lookaround are not supported.`,
      )
    }
  } else if (!candidate.fromUrl.startsWith('/')) {
    throw new HttpError(400, 'The From URL must be a path starting with /')
  }
  const taken = candidate.isRegex
    ? protectedSamples.find((sample) => pattern?.matcher(sample).find())
    : isProtectedPath(candidate.fromUrl)
      ? candidate.fromUrl
      : undefined
  if (taken) {
    throw new HttpError(
      400,
      `Redirects cannot take over ${taken}: the site itself answers that address (sign-in, admin and system paths are never redirected)`,
    )
  }
  if (!candidate.toUrl.startsWith('/') && !/^https?:\/\/[^\s/]+/i.test(candidate.toUrl)) {
    throw new HttpError(400, 'The To URL must be a path starting with / or an http(s) address')
  }
  if (!candidate.isActive) return undefined

  const others = await listActiveRules(db, candidate.id)
  if (!candidate.isRegex && others.some((r) => !r.isRegex && r.fromUrl === candidate.fromUrl)) {
    throw new HttpError(409, `An active redirect from ${candidate.fromUrl} already exists`)
  }
  // The candidate first, so that following from its source takes it.
  const table = compileRedirects([candidate, ...others])
  const alone = compileRedirects([candidate])
  // Addresses are compared as the browser requests them and the middleware matches them: the
  // site's own absolute URLs count as paths, encoded spellings as what they decode to.
  const starts = candidate.isRegex
    ? SAMPLE_CAPTURES.map((sample) => candidate.toUrl.replace(/\$\d{1,2}/g, sample))
    : [
        candidate.fromUrl,
        // Rules that lead into this one: a rule added at the end of a chain lengthens it too.
        ...others
          .filter((r) => {
            if (r.isRegex) return false
            const target = sameSitePath(r.toUrl, ownHosts)
            return target !== null && lookupRedirect(alone, target) !== null
          })
          .map((r) => r.fromUrl),
      ]
  let longest: string[] = []
  for (const start of starts) {
    if (sameSitePath(start, ownHosts) === null) continue
    const { hops, loop } = followRedirects(table, start, undefined, ownHosts)
    const chain = candidate.isRegex ? [candidate.fromUrl, ...hops] : hops
    if (
      loop ||
      (candidate.isRegex && chain.slice(1).some((hop) => pattern && matchesPath(pattern, hop, ownHosts)))
    ) {
      throw new HttpError(409, `This redirect would create a loop: ${chain.join(' → ')}`)
    }
    if (chain.length > longest.length) longest = chain
  }
  if (longest.length > 2) {
    return {
      chain: longest,
      warning: `This redirect is part of a chain of ${longest.length - 1} hops: ${longest.join(' → ')}`,
    }
  }
  return undefined
}

function matchesPath(pattern: RE2JS, location: string, ownHosts: readonly string[]) {
  const path = sameSitePath(location, ownHosts)
  if (path === null) return false
  let decoded = path
  try {
    decoded = decodeURIComponent(path)
  } catch {}
  return pattern.matcher(decoded).find() || pattern.matcher(path).find()
}

const BASE = '/api/admin/redirects'
const saved = {
  allOf: [ref('Redirect')],
  properties: {
    chain: { type: 'array', items: { type: 'string' } },
    warning: { type: 'string', description: 'Set when the rule lengthens a chain of redirects' },
  },
}
const refused = {
  400: 'The rule cannot match, leads nowhere a browser can go, or takes over a path the site answers',
  409: 'An active rule from this address exists, or the rule would make a loop',
}

export const redirectsRoutes = resourceRoutes({
  base: BASE,
  auth: 'permission:redirects',
  schema: ref('Redirect'),
  savedSchema: saved,
  store: ({ db }) => redirectStore(db),
  entity: 'redirect',
  label: 'Redirect',
  audit: { create: 'redirect.create', update: 'redirect.update', delete: 'redirect.delete' },
  createSchema: redirectCreateSchema,
  updateSchema: redirectUpdateSchema,
  affectsSite: true,
  operations: {
    list: { summary: 'List redirects' },
    create: { summary: 'Create a redirect', responses: refused },
    read: { summary: 'A redirect' },
    update: {
      summary: 'Update a redirect',
      description: 'Any subset of the fields, such as a bare `{"isActive": false}`.',
      responses: refused,
    },
    delete: { summary: 'Delete a redirect' },
  },
  beforeCreate: (input, { services, req }) =>
    checkRedirect(services.db, input, ownHosts(services, req.get('host'))),
  beforeUpdate: (input, current, { services, req }) =>
    checkRedirect(services.db, withChanges(current, input), ownHosts(services, req.get('host'))),
  describe: (row) => ({ fromUrl: row.fromUrl, isActive: row.isActive }),
  routes: [
    route({
      method: 'get',
      path: `${BASE}/test`,
      summary: 'Test an address',
      description: 'What the live rules do with an address, exactly as a visitor would get it.',
      auth: 'permission:redirects',
      query: redirectTestQuerySchema,
      response: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['redirect', 'none', 'protected', 'refused', 'loop'] },
          ruleId: { type: 'integer' },
          statusCode: { type: 'integer' },
          location: { type: 'string' },
        },
        required: ['kind'],
      },
      handle: async ({ services, query, req }) => {
        const { redirects } = await services.site.get()
        return resolveRedirect(redirects, query.url, ownHosts(services, req.get('host')))
      },
    }),
  ],
})

export const redirectsApi = apiModule(
  {
    tag: { name: 'Redirects', description: 'Redirect rules, exact or RE2 patterns, checked for loops.' },
    schemas: {
      Redirect: shape({
        id: 'integer',
        name: 'string',
        fromUrl: 'string',
        toUrl: 'string',
        statusCode: { type: 'integer', enum: [301, 302] },
        isRegex: 'boolean',
        isActive: 'boolean',
        keepQuery: 'boolean',
        hitCount: 'integer',
        createdAt: 'date-time',
        updatedAt: 'date-time',
      }),
    },
  },
  redirectsRoutes,
)

/** Under /api/admin/redirects, behind the redirects permission. */
export function redirectsAdminRouter(services: AppServices) {
  return mountRoutes(Router(), services, BASE, redirectsRoutes)
}
