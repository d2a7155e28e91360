import { RE2JS } from 're2js'

export type RedirectRule = {
  id: number
  fromUrl: string
  toUrl: string
  statusCode: number
  isRegex: boolean
  isActive?: boolean
  /** Pass the query string on to a target on another host (same-site targets always get it). */
  keepQuery?: boolean
}

type CompiledRegex = RedirectRule & { pattern: RE2JS; prefix: string }
export type RedirectTable = {
  exact: Map<string, RedirectRule>
  regex: CompiledRegex[]
  /** path → rule (or null), for this table only: most paths repeat. */
  memo: Map<string, { rule: RedirectRule; location: string } | null>
}

export type RedirectMatch = {
  rule: RedirectRule
  location: string
  /** The regex match's groups (0 is the whole match), for checking what the captures put in. */
  groups?: (string | null)[]
}

/**
 * Compiles a pattern on RE2's linear-time engine, or says why it cannot: backreferences and
 * lookaround are refused here rather than risk a request that never ends.
 */
export function compilePattern(
  pattern: string,
): { ok: true; pattern: RE2JS } | { ok: false; reason: string } {
  try {
    return { ok: true, pattern: RE2JS.compile(pattern) }
  } catch (error) {
    return { ok: false, reason: (error as Error).message }
  }
}

/** The literal text every match must start with, when the pattern is anchored (`^/blog/…`). */
function literalPrefix(source: string): string {
  // An alternation may start a branch anywhere: no prefix is common to all of them.
  if (!source.startsWith('^') || source.includes('|')) return ''
  let prefix = ''
  for (let i = 1; i < source.length; i++) {
    const c = source[i] as string
    if (c === '\\') {
      const next = source[i + 1]
      if (next && /[./\-_~]/.test(next)) {
        prefix += next
        i++
        continue
      }
      break
    }
    if (/[.*+?()[\]{}|^$]/.test(c)) {
      // A quantifier makes the previous character optional or repeated: drop it from the prefix.
      if (/[*+?{]/.test(c)) prefix = prefix.slice(0, -1)
      break
    }
    prefix += c
  }
  return prefix
}

const MEMO_LIMIT = 10_000

export function compileRedirects(rules: RedirectRule[]): RedirectTable {
  const exact = new Map<string, RedirectRule>()
  const regex: CompiledRegex[] = []
  for (const rule of rules) {
    if (rule.isActive === false) continue
    if (!rule.isRegex) {
      if (!exact.has(rule.fromUrl)) exact.set(rule.fromUrl, rule)
      continue
    }
    const compiled = compilePattern(rule.fromUrl)
    if (compiled.ok) regex.push({ ...rule, pattern: compiled.pattern, prefix: literalPrefix(rule.fromUrl) })
  }
  return { exact, regex, memo: new Map() }
}

function expand(target: string, groups: (string | null)[]): string {
  return target.replace(/\$(\d{1,2})/g, (_, n: string) => groups[Number(n)] ?? '')
}

function findRule(table: RedirectTable, path: string): RedirectMatch | null {
  const exact = table.exact.get(path)
  if (exact) return { rule: exact, location: exact.toUrl }
  for (const rule of table.regex) {
    if (rule.prefix && !path.startsWith(rule.prefix)) continue
    const matcher = rule.pattern.matcher(path)
    if (!matcher.find()) continue
    const groups: (string | null)[] = []
    for (let i = 0; i <= matcher.groupCount(); i++) groups.push(matcher.group(i))
    return { rule, location: expand(rule.toUrl, groups), groups }
  }
  return null
}

/** The first active rule for a path: exact rules first, then regex rules in id order. */
export function matchRedirect(table: RedirectTable, path: string): RedirectMatch | null {
  const known = table.memo.get(path)
  if (known !== undefined) return known
  const found = findRule(table, path)
  if (table.memo.size >= MEMO_LIMIT) table.memo.clear()
  table.memo.set(path, found)
  return found
}

/**
 * The rule for a requested path, looked up as the middleware does: rules are written as people read
 * addresses (/café), requests arrive encoded (/caf%C3%A9), so the decoded path first, then the path
 * as it came.
 */
export function lookupRedirect(table: RedirectTable, rawPath: string): RedirectMatch | null {
  let path = rawPath
  try {
    path = decodeURIComponent(rawPath)
  } catch {}
  return matchRedirect(table, path) ?? (path === rawPath ? null : matchRedirect(table, rawPath))
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '')

/** This site under any of its names, with or without `www.` (that prefix is redirected to the bare host). */
export function isOwnHost(host: string, ownHosts: readonly string[]): boolean {
  const wanted = bareHost(host)
  return ownHosts.some((own) => bareHost(own) === wanted)
}

const RELATIVE_HOST = 'relative.invalid'

/**
 * The path a browser asks this site for after following `location`, or null when it leaves the
 * site: a path, or an http(s) address on one of the site's own hosts (PUBLIC_URL, the request's
 * host, their www variants, either scheme). Resolved as a browser does: dot segments removed,
 * `/\\host` read as another host, characters percent-encoded; the query and fragment dropped.
 */
export function sameSitePath(location: string, ownHosts: readonly string[]): string | null {
  let url: URL
  try {
    url = new URL(location, `http://${RELATIVE_HOST}/`)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const relative = url.host === RELATIVE_HOST && !/^[a-z][a-z\d+.-]*:/i.test(location)
  return relative || isOwnHost(url.host, ownHosts) ? url.pathname : null
}

/** Where the browser goes: the target, with the query string given unless the target has its own. */
export function redirectLocation(location: string, search: string): string {
  if (!search || location.includes('?')) return location
  const hash = location.indexOf('#')
  return hash < 0 ? `${location}${search}` : `${location.slice(0, hash)}${search}${location.slice(hash)}`
}

/**
 * Follows the rules from a path the way browsers would, matching each address as the middleware
 * does and treating an address on one of `ownHosts` as a path of this site. Returns the hops taken,
 * and whether they came back to an address already requested (a loop).
 */
export function followRedirects(
  table: RedirectTable,
  start: string,
  maxHops = 20,
  ownHosts: readonly string[] = [],
) {
  const first = sameSitePath(start, ownHosts) ?? start
  const visited = new Set([first])
  const hops: string[] = [start]
  let path: string | null = first
  while (path !== null && hops.length <= maxHops) {
    const match = lookupRedirect(table, path)
    if (!match) break
    const next = sameSitePath(match.location, ownHosts)
    hops.push(match.location)
    if (next === null) break
    if (visited.has(next)) return { hops, loop: true }
    visited.add(next)
    path = next
  }
  return { hops, loop: hops.length > maxHops }
}

/**
 * True when a browser sent to `location` would be answered with this same redirect again: the
 * target is the requested address itself, in another spelling (`/a` → `https://this-site/a`,
 * `/loop-i` → `/loop-%69`). Such a redirect is never given, whatever rules were saved.
 */
export function pointsAtItself(
  table: RedirectTable,
  match: RedirectMatch,
  location: string,
  rawPath: string,
  ownHosts: readonly string[],
): boolean {
  const next = sameSitePath(location, ownHosts)
  if (next === null) return false
  if (next === sameSitePath(rawPath, ownHosts)) return true
  const again = lookupRedirect(table, next)
  return again?.rule.id === match.rule.id && again.location === match.location
}

// A capture must not smuggle in what changes where a URL points: an authority (`//`, `@`), a
// backslash (browsers read it as a slash), its encodings, or control characters.
const UNSAFE_CAPTURE_TEXT = /[@\\]|\/\/|%5c|%2f%2f|%40|%0[0-9a-f]|%1[0-9a-f]|%7f/i
const unsafeCapture = (value: string) =>
  UNSAFE_CAPTURE_TEXT.test(value) ||
  [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)

/** The host a rule's target names, or null for a same-site path. */
export function targetHost(toUrl: string): string | null {
  if (toUrl.startsWith('/') && !toUrl.startsWith('//')) return null
  try {
    return new URL(toUrl.replace(/\$\d{1,2}/g, 'x')).host.toLowerCase()
  } catch {
    return null
  }
}

/**
 * The location a match may send a browser to, or null when a regex capture would change where the
 * target points: after substitution it must still be a same-site path, or have exactly the host
 * the rule names.
 */
export function safeLocation(rule: RedirectRule, match: RedirectMatch): string | null {
  const location = match.location
  if (!rule.isRegex || !/\$\d/.test(rule.toUrl)) return location
  const captures = [...rule.toUrl.matchAll(/\$(\d{1,2})/g)].map((m) => Number(m[1]))
  const groups = match.groups ?? []
  if (captures.some((n) => unsafeCapture(groups[n] ?? ''))) return null
  const host = targetHost(rule.toUrl)
  if (host === null) {
    return location.startsWith('/') && !/^\/[\\/]/.test(location) ? location : null
  }
  try {
    return new URL(location).host.toLowerCase() === host ? location : null
  } catch {
    return null
  }
}

/** The query string without any parameter named `token` (a reset link's secret never leaves the site). */
export function withoutTokens(search: string): string {
  if (!search) return ''
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)
  for (const key of [...params.keys()]) if (key.toLowerCase() === 'token') params.delete(key)
  const rest = params.toString()
  return rest ? `?${rest}` : ''
}
