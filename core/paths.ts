/**
 * Every path the application itself owns, in one list. The admin check, the slugs a CMS page may
 * not take and the paths a redirect rule may never match are all derived from it, so a route
 * added here is protected everywhere at once (app/routes.ts is checked against it by a test).
 *
 * - `private`: admin and sign-in screens: never cached, never given tracking scripts or the
 *   cookie banner, never indexed.
 * - `system`: what the server answers itself (assets, uploads, health, robots, sitemap, icons).
 * - `page`: built-in public pages. A redirect may move them; a CMS page may not take their slug
 *   unless it is the page record that carries their head (the system pages).
 */
export type PathKind = 'private' | 'system' | 'page'

/** Where signed previews of drafts, revisions and variants are served (ADR 0064). */
export const PREVIEW_PATH = '/preview'

/** True on a preview: what a visitor does there (a lead, a page view) must not count. */
export function isPreviewPath(pathname: string): boolean {
  return pathname === PREVIEW_PATH || pathname.startsWith(`${PREVIEW_PATH}/`)
}
type AppPath = { path: string; kind: PathKind /** Also owns everything below it. */; prefix?: true }

export const applicationPaths = [
  { path: '/admin', kind: 'private', prefix: true },
  { path: '/api', kind: 'private', prefix: true },
  { path: '/setup', kind: 'private', prefix: true },
  { path: '/forgot-password', kind: 'private', prefix: true },
  { path: '/reset-password', kind: 'private', prefix: true },
  { path: '/buyer', kind: 'private', prefix: true },
  // Signed links to drafts, revisions and variants (ADR 0064): never cached or indexed, no scripts.
  { path: PREVIEW_PATH, kind: 'private', prefix: true },
  { path: '/assets', kind: 'system', prefix: true },
  { path: '/uploads', kind: 'system', prefix: true },
  { path: '/healthz', kind: 'system' },
  { path: '/metrics', kind: 'system' },
  { path: '/robots.txt', kind: 'system' },
  { path: '/sitemap.xml', kind: 'system' },
  { path: '/favicon.svg', kind: 'system' },
  { path: '/favicon.ico', kind: 'system' },
  { path: '/.well-known', kind: 'system', prefix: true },
  // React Router's route discovery (`?paths=…&version=…`): answered by React Router, never cached.
  { path: '/__manifest', kind: 'system' },
  { path: '/', kind: 'page' },
  { path: '/privacy-policy', kind: 'page' },
  { path: '/evidence', kind: 'page' },
  { path: '/cookie-policy', kind: 'page' },
  { path: '/thank-you', kind: 'page' },
  { path: '/complaints', kind: 'page' },
] as const satisfies readonly AppPath[]

/**
 * Pages that exist as page records built from blocks, at addresses of their own: their slug is
 * locked (docs/decisions/0075-system-pages-from-blocks.md).
 */
export const systemPageSlugs = ['home', 'privacy-policy', 'evidence', 'cookie-policy', 'thank-you'] as const
export type SystemPageSlug = (typeof systemPageSlugs)[number]

export function isSystemPageSlug(slug: string): boolean {
  return (systemPageSlugs as readonly string[]).includes(slug)
}

/** Slugs a CMS page may not take: the first segment of every application path but the system pages'. */
export const reservedSlugs: readonly string[] = [
  ...new Set(
    applicationPaths
      .map((p) => p.path.split('/')[1] ?? '')
      .filter((segment) => segment !== '' && !isSystemPageSlug(segment)),
  ),
]

/** Percent-decoded (when it decodes) and lower-cased: routing ignores case, so every check must too. */
function normalise(pathname: string): string {
  let path = pathname
  try {
    path = decodeURIComponent(pathname)
  } catch {}
  return path.toLowerCase()
}

function owns(entry: AppPath, path: string): boolean {
  if (path === entry.path) return true
  return entry.prefix === true && path.startsWith(`${entry.path}/`)
}

/**
 * The page a React Router data request is for: `/admin.data` is `/admin`, `/_root.data` is `/`
 * and `/x/_.data` is `/x/` (its client asks for a page's data at these addresses).
 */
function withoutDataSuffix(path: string): string {
  if (!path.endsWith('.data')) return path
  const page = path.slice(0, -'.data'.length)
  if (page === '/_root') return '/'
  return page.endsWith('/_') ? page.slice(0, -1) : page
}

function kindOf(pathname: string): PathKind | undefined {
  const path = withoutDataSuffix(normalise(pathname))
  // A trailing slash reaches the same route (/setup/ is /setup).
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path
  return (applicationPaths as readonly AppPath[]).find((entry) => owns(entry, trimmed))?.kind
}

/** Admin and sign-in screens: never cached, never given tracking scripts or the cookie banner. */
export function isAdminPath(pathname: string): boolean {
  return kindOf(pathname) === 'private'
}

/** Paths no redirect rule may take over: the admin, sign-in and everything the server answers itself. */
export function isProtectedPath(pathname: string): boolean {
  const kind = kindOf(pathname)
  return kind === 'private' || kind === 'system'
}
