const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Whether React Router refuses this page action for its Origin header (its cross-site check: an
 * Origin that is not the request URL's origin, or not a URL at all). Such a refusal is the caller's
 * doing, answered 400, and logged as a warning like any other.
 */
export function isRefusedActionOrigin(request: Request, allowedOrigins: readonly string[] = []): boolean {
  if (!MUTATIONS.has(request.method.toUpperCase())) return false
  const origin = request.headers.get('origin')
  if (origin === null || origin === '') return false
  const own = new URL(request.url)
  if (origin === 'null') return !allowedOrigins.includes('null')
  try {
    const url = new URL(origin)
    return url.origin !== own.origin && !allowedOrigins.includes(url.host)
  } catch {
    return true
  }
}
