/**
 * Where a consent form post goes back to: the page it was posted from. The Referer says so best
 * (it keeps the query, a landing page's tracking tags), when it is a page of this site; else the
 * form's `returnTo`, when it is a plain path here; else the home page. Never another site: only
 * a path and query are ever returned, taken from a URL whose origin is ours.
 */
export function returnTarget(options: {
  referer: string | undefined
  returnTo: string | undefined
  ownOrigins: readonly string[]
}): string {
  const { referer, returnTo, ownOrigins } = options
  if (referer) {
    const url = parse(referer)
    if (url && ownOrigins.includes(url.origin)) return url.pathname + url.search
  }
  // Read as a browser reads it (`//host`, `/\host` and `/<tab>/host` name other hosts), so a
  // path counts only if it stays on the placeholder origin.
  if (returnTo?.startsWith('/')) {
    const base = 'http://return.invalid'
    const url = parse(returnTo, base)
    if (url && url.origin === base) return url.pathname + url.search
  }
  return '/'
}

function parse(value: string, base?: string): URL | null {
  try {
    return new URL(value, base)
  } catch {
    return null
  }
}
