import { describe, expect, it } from 'vitest'
import {
  compilePattern,
  compileRedirects,
  followRedirects,
  isOwnHost,
  lookupRedirect,
  matchRedirect,
  pointsAtItself,
  type RedirectRule,
  redirectLocation,
  sameSitePath,
} from './redirect-rules.ts'

let nextId = 1
function exact(fromUrl: string, toUrl: string, extra: Partial<RedirectRule> = {}): RedirectRule {
  return { id: nextId++, fromUrl, toUrl, statusCode: 301, isRegex: false, ...extra }
}
function regex(fromUrl: string, toUrl: string, extra: Partial<RedirectRule> = {}): RedirectRule {
  return exact(fromUrl, toUrl, { isRegex: true, ...extra })
}
/** Where a request for `path` goes under `rules`, or null when no rule applies. */
function target(rules: RedirectRule[], path: string): string | null {
  return matchRedirect(compileRedirects(rules), path)?.location ?? null
}

describe('compilePattern', () => {
  it.each([
    '^/blog/(\\d+)$',
    '/old/',
    '^/(a|b)/',
    '^/a\\.html$',
    '(?i)^/cat',
    '^(a+)+$',
    '^/(?P<slug>[a-z-]+)$',
  ])('compiles %s', (pattern) => {
    const compiled = compilePattern(pattern)
    expect(compiled.ok).toBe(true)
  })

  it.each([
    ['a backreference', '(a)\\1'],
    ['a lookahead', '(?=a)'],
    ['a negative lookahead', '^/(?!admin)'],
    ['a lookbehind', '(?<=a)b'],
    ['a negative lookbehind', '(?<!a)b'],
    ['an unclosed class', '^/[a-z'],
    ['an unclosed group', '^/(a'],
    ['a dangling quantifier', '*a'],
  ])('refuses %s with a reason', (_label, pattern) => {
    const compiled = compilePattern(pattern)
    expect(compiled.ok).toBe(false)
    if (compiled.ok) return
    expect(compiled.reason).toMatch(/\S/)
    expect(compiled.reason).toMatch(/error parsing regexp/)
  })

  it('says which construct a backreference and a lookahead use', () => {
    const backreference = compilePattern('(a)\\1')
    const lookahead = compilePattern('(?=a)')
    expect(backreference.ok ? '' : backreference.reason).toContain('\\1')
    expect(lookahead.ok ? '' : lookahead.reason).toContain('(?=')
  })

  it('answers a catastrophic-backtracking pattern on a long non-matching input', () => {
    const compiled = compilePattern('^(a+)+$')
    if (!compiled.ok) throw new Error(compiled.reason)
    expect(compiled.pattern.matcher(`${'a'.repeat(5000)}!`).find()).toBe(false)
    expect(compiled.pattern.matcher('a'.repeat(5000)).find()).toBe(true)
  })
})

describe('compileRedirects', () => {
  it('leaves out inactive rules and patterns that do not compile', () => {
    const table = compileRedirects([
      exact('/off', '/x', { isActive: false }),
      regex('^/off-re/', '/x', { isActive: false }),
      regex('(a)\\1', '/x'),
      exact('/on', '/y', { isActive: true }),
      regex('^/re/', '/z'),
    ])
    expect([...table.exact.keys()]).toEqual(['/on'])
    expect(table.regex.map((r) => r.fromUrl)).toEqual(['^/re/'])
    expect(target([exact('/off', '/x', { isActive: false })], '/off')).toBeNull()
  })

  it('keeps the first of two exact rules for one path', () => {
    const first = exact('/dup', '/first')
    const second = exact('/dup', '/second')
    const match = matchRedirect(compileRedirects([first, second]), '/dup')
    expect(match?.rule.id).toBe(first.id)
    expect(match?.location).toBe('/first')
  })
})

describe('matchRedirect', () => {
  it('takes an exact rule before a regex rule that also matches, whatever their order', () => {
    const pattern = regex('^/promo', '/from-regex')
    const literal = exact('/promo', '/from-exact')
    expect(target([pattern, literal], '/promo')).toBe('/from-exact')
    expect(target([pattern, literal], '/promo/2')).toBe('/from-regex')
  })

  it('takes the first matching regex rule in table order', () => {
    const rules = [regex('^/shop/', '/first'), regex('^/shop/item', '/second')]
    expect(target(rules, '/shop/item')).toBe('/first')
    expect(target([...rules].reverse(), '/shop/item')).toBe('/second')
  })

  it('matches exact rules on the whole path only', () => {
    const rules = [exact('/old', '/new')]
    expect(target(rules, '/old')).toBe('/new')
    expect(target(rules, '/old/')).toBeNull()
    expect(target(rules, '/older')).toBeNull()
    expect(target(rules, '/OLD')).toBeNull()
    expect(target(rules, '/x/old')).toBeNull()
  })

  it('puts captures into the target', () => {
    const rules = [regex('^/blog/(\\d{4})/([a-z-]+)$', '/articles/$2?year=$1')]
    expect(target(rules, '/blog/2021/pcp-claims')).toBe('/articles/pcp-claims?year=2021')
    expect(target(rules, '/blog/21/pcp-claims')).toBeNull()
  })

  it('puts the whole match for $0 and nothing for a group that did not take part', () => {
    expect(target([regex('^/w/(x)?(y)$', '/t/$1-$2')], '/w/y')).toBe('/t/-y')
    expect(target([regex('^/w/[a-z]+', '/t$0')], '/w/abc/d')).toBe('/t/w/abc')
    expect(target([regex('^/w/(a)', '/t/$7')], '/w/a')).toBe('/t/')
  })

  it('answers the same on a repeated path (memo) and keeps tables apart', () => {
    const first = compileRedirects([exact('/m', '/one')])
    const second = compileRedirects([exact('/m', '/two')])
    expect(matchRedirect(first, '/m')?.location).toBe('/one')
    expect(matchRedirect(first, '/m')?.location).toBe('/one')
    expect(matchRedirect(first, '/n')).toBeNull()
    expect(matchRedirect(first, '/n')).toBeNull()
    expect(matchRedirect(second, '/m')?.location).toBe('/two')
  })

  // The literal prefix of an anchored pattern is only a shortcut: it must never skip a path the
  // pattern matches.
  it.each([
    ['no ^ anchor', '/blog/(\\d+)', '/old/blog/12', '/posts/$1', '/posts/12'],
    ['no ^ anchor, at the start', '/blog/(\\d+)', '/blog/7', '/posts/$1', '/posts/7'],
    ['alternation in a group', '^/(a|b)/(.*)', '/b/x/y', '/t/$1/$2', '/t/b/x/y'],
    ['escaped dots', '^/a\\.html$', '/a.html', '/A', '/A'],
    ['escaped slashes', '^\\/docs\\/(.*)$', '/docs/x', '/d/$1', '/d/x'],
    ['an escaped hyphen', '^/a\\-b$', '/a-b', '/ab', '/ab'],
    ['unescaped hyphen, underscore, tilde', '^/a-b_c~d$', '/a-b_c~d', '/ok', '/ok'],
    ['an optional letter', '^/ab?c$', '/ac', '/abc', '/abc'],
    ['a repeated letter', '^/x+y$', '/xxxy', '/xy', '/xy'],
    ['a letter repeated zero times', '^/zx*y$', '/zy', '/xy', '/xy'],
    ['a counted repeat', '^/p{2}q$', '/ppq', '/pq', '/pq'],
    ['a counted optional repeat', '^/rp{0,1}q$', '/rq', '/pq', '/pq'],
    ['an optional escaped dot', '^/v\\.?html$', '/vhtml', '/v', '/v'],
    ['a class', '^/caf[eé]$', '/café', '/cafe', '/cafe'],
    ['a class holding a dot', '^/c[.]html$', '/c.html', '/c', '/c'],
    ['an escape class', '^/e\\d+$', '/e12', '/e', '/e'],
    ['a case-insensitive flag after the slash', '^/(?i)dog$', '/DOG', '/dog', '/dog'],
    ['a case-insensitive flag first', '(?i)^/cat$', '/CAT', '/cat', '/cat'],
    ['a dot', '^/d.t$', '/dot', '/d', '/d'],
  ])('matches a pattern with %s', (_label, fromUrl, path, toUrl, expected) => {
    expect(target([regex(fromUrl, toUrl)], path)).toBe(expected)
  })

  it.each([
    ['^/a\\.html$', '/aXhtml'],
    ['^/ab?c$', '/abbc'],
    ['^/p{2}q$', '/pq'],
    ['^/(a|b)/', '/c/'],
  ])('does not match %s against %s', (fromUrl, path) => {
    expect(target([regex(fromUrl, '/t')], path)).toBeNull()
  })

  // Regression (was a bug): literalPrefix reads `^/old|^/legacy` as "must start with /old", so /legacy (which
  // the pattern matches) is skipped and never redirected. Same for `^/x|/y` and the path /y.
  it('matches every branch of a top-level alternation', () => {
    expect(target([regex('^/old|^/legacy', '/new')], '/old')).toBe('/new')
    expect(target([regex('^/old|^/legacy', '/new')], '/legacy')).toBe('/new')
    expect(target([regex('^/x|/y', '/xy')], '/y')).toBe('/xy')
  })
})

describe('redirectLocation', () => {
  it('passes the query string through unless the target has its own', () => {
    expect(redirectLocation('/new', '?utm=1')).toBe('/new?utm=1')
    expect(redirectLocation('/new', '?a=1&b=2')).toBe('/new?a=1&b=2')
    expect(redirectLocation('/new?src=promo', '?utm=1')).toBe('/new?src=promo')
    expect(redirectLocation('/new', '')).toBe('/new')
    expect(redirectLocation('/new#section', '?utm=1')).toBe('/new?utm=1#section')
    expect(redirectLocation('https://elsewhere.example/p', '?utm=1')).toBe(
      'https://elsewhere.example/p?utm=1',
    )
  })
})

describe('followRedirects', () => {
  it('stops at once when no rule applies', () => {
    expect(followRedirects(compileRedirects([exact('/a', '/b')]), '/z')).toEqual({
      hops: ['/z'],
      loop: false,
    })
  })

  it('follows a chain to its end', () => {
    const table = compileRedirects([exact('/a', '/b'), exact('/b', '/c'), exact('/c', '/d')])
    expect(followRedirects(table, '/a')).toEqual({ hops: ['/a', '/b', '/c', '/d'], loop: false })
    expect(followRedirects(table, '/c')).toEqual({ hops: ['/c', '/d'], loop: false })
  })

  it('finds a rule that points at itself', () => {
    expect(followRedirects(compileRedirects([exact('/self', '/self')]), '/self')).toEqual({
      hops: ['/self', '/self'],
      loop: true,
    })
  })

  it('finds a loop through two and three rules', () => {
    const two = compileRedirects([exact('/a', '/b'), exact('/b', '/a')])
    expect(followRedirects(two, '/a')).toEqual({ hops: ['/a', '/b', '/a'], loop: true })
    const three = compileRedirects([exact('/a', '/b'), exact('/b', '/c'), exact('/c', '/a')])
    expect(followRedirects(three, '/b')).toEqual({ hops: ['/b', '/c', '/a', '/b'], loop: true })
  })

  it('finds a loop that comes back to a later hop, not the start', () => {
    const table = compileRedirects([exact('/in', '/a'), exact('/a', '/b'), exact('/b', '/a')])
    expect(followRedirects(table, '/in')).toEqual({ hops: ['/in', '/a', '/b', '/a'], loop: true })
  })

  it('ignores the query string of a hop when following it', () => {
    const table = compileRedirects([exact('/a', '/b?x=1'), exact('/b', '/c#top'), exact('/c', '/a?again')])
    const { hops, loop } = followRedirects(table, '/a')
    expect(hops).toEqual(['/a', '/b?x=1', '/c#top', '/a?again'])
    expect(loop).toBe(true)
  })

  it('stops at an address on another site', () => {
    const table = compileRedirects([exact('/a', '/b'), exact('/b', 'https://elsewhere.example/a')])
    expect(followRedirects(table, '/a')).toEqual({
      hops: ['/a', '/b', 'https://elsewhere.example/a'],
      loop: false,
    })
  })

  it('follows regex rules with their captures', () => {
    const table = compileRedirects([regex('^/v1/(.*)$', '/v2/$1'), regex('^/v2/(.*)$', '/v3/$1')])
    expect(followRedirects(table, '/v1/page')).toEqual({
      hops: ['/v1/page', '/v2/page', '/v3/page'],
      loop: false,
    })
  })

  it('counts a chain that never ends (each hop a new path) as a loop after maxHops', () => {
    const table = compileRedirects([regex('^/grow/(.*)$', '/grow/$1x')])
    const { hops, loop } = followRedirects(table, '/grow/', 5)
    expect(loop).toBe(true)
    expect(hops).toHaveLength(6)
    expect(hops.at(-1)).toBe('/grow/xxxxx')
  })
})

const OWN = ['claims.example', '127.0.0.1:5143']

describe('sameSitePath', () => {
  it.each([
    ['a path', '/a', '/a'],
    ['a path with a query and fragment', '/a?x=1#top', '/a'],
    ['dot segments', '/x/../a/./b', '/a/b'],
    ['an encoded unreserved letter, kept as sent', '/loop-%69', '/loop-%69'],
    ['a space', '/a b', '/a%20b'],
    ['the public host over https', 'https://claims.example/a', '/a'],
    ['the public host over http', 'http://claims.example/a?q=1', '/a'],
    ['the www variant', 'https://www.claims.example/a', '/a'],
    ['upper-case host', 'HTTPS://CLAIMS.EXAMPLE/a', '/a'],
    ['the request host with its port', 'http://127.0.0.1:5143/a', '/a'],
    ['default port written out', 'https://claims.example:443/a', '/a'],
    ['another host', 'https://partner.example/a', null],
    ['another port', 'http://claims.example:8080/a', null],
    ['a host that merely ends like ours', 'https://evilclaims.example/a', null],
    ['protocol-relative to another host', '//partner.example/a', null],
    ['a backslash read as another host', '/\\partner.example/a', null],
    ['protocol-relative to our host', '//claims.example/a', '/a'],
    ['another scheme', 'mailto:a@claims.example', null],
  ])('%s: %s → %s', (_label, location, expected) => {
    expect(sameSitePath(location, OWN)).toBe(expected)
  })

  it('knows no host of its own without being told', () => {
    expect(sameSitePath('https://claims.example/a', [])).toBeNull()
    expect(isOwnHost('www.claims.example', OWN)).toBe(true)
    expect(isOwnHost('claims.example', ['www.claims.example'])).toBe(true)
  })
})

describe('lookupRedirect', () => {
  it.each([
    ['a plain path', '/loop-i', 1],
    ['an encoded unreserved letter', '/loop-%69', 1],
    ['every letter encoded', '/%6C%6F%6F%70-%69', 1],
    ['another case (exact rules are case-sensitive)', '/LOOP-I', null],
    ['an encoded non-ASCII path', '/caf%C3%A9', 2],
    ['a rule written encoded', '/raw%2Fpath', 3],
    ['a malformed escape', '/bad%zz', 4],
  ])('matches %s (%s) as the middleware does', (_label, path, id) => {
    const table = compileRedirects([
      exact('/loop-i', '/x', { id: 1 }),
      exact('/café', '/x', { id: 2 }),
      exact('/raw%2Fpath', '/x', { id: 3 }),
      exact('/bad%zz', '/x', { id: 4 }),
    ])
    expect(lookupRedirect(table, path)?.rule.id ?? null).toBe(id)
  })
})

describe('followRedirects through other spellings of an address', () => {
  it.each([
    ['an encoded unreserved letter', [exact('/loop-i', '/loop-%69')], '/loop-i'],
    ['every letter encoded', [exact('/ab', '/%61%62')], '/ab'],
    ['the public host, absolute', [exact('/a', 'https://claims.example/a')], '/a'],
    ['the public host over http with a query', [exact('/a', 'http://claims.example/a?utm=1')], '/a'],
    ['the www variant', [exact('/a', 'https://www.claims.example/a')], '/a'],
    ['the request host', [exact('/a', 'http://127.0.0.1:5143/a')], '/a'],
    ['dot segments', [exact('/a', '/b/../a')], '/a'],
    [
      'a chain back through an absolute URL',
      [exact('/a', '/b'), exact('/b', 'https://claims.example/c'), exact('/c', '/%61')],
      '/a',
    ],
    ['a case-insensitive regex to another case', [regex('(?i)^/Loop$', '/LOOP')], '/loop'],
    ['a regex to its own encoded spelling', [regex('^/r/(\\d+)$', '/r/%3$1')], '/r/31'],
  ])('finds a loop through %s', (_label, rules, start) => {
    expect(followRedirects(compileRedirects(rules), start, 20, OWN).loop).toBe(true)
  })

  it.each([
    ['a rule written encoded, to its plain spelling', [exact('/loop-%69', '/loop-i')], '/loop-%69'],
    ['another host with the same path', [exact('/a', 'https://partner.example/a')], '/a'],
    ['another case (exact rules are case-sensitive)', [exact('/a', '/A')], '/a'],
    ['another port', [exact('/a', 'http://claims.example:8080/a')], '/a'],
  ])('finds no loop through %s', (_label, rules, start) => {
    expect(followRedirects(compileRedirects(rules), start, 20, OWN).loop).toBe(false)
  })
})

describe('pointsAtItself', () => {
  function check(rules: RedirectRule[], path: string) {
    const table = compileRedirects(rules)
    const match = lookupRedirect(table, path)
    if (!match) throw new Error(`no rule for ${path}`)
    return pointsAtItself(table, match, match.location, path, OWN)
  }

  it.each([
    ['itself', [exact('/s', '/s')], '/s'],
    ['itself with a query', [exact('/s', '/s?again=1')], '/s'],
    ['its own absolute URL', [exact('/a', 'https://claims.example/a')], '/a'],
    ['its www URL', [exact('/a', 'http://www.claims.example/a')], '/a'],
    ['an encoded spelling of itself', [exact('/loop-i', '/loop-%69')], '/loop-i'],
    ['itself, requested encoded', [exact('/loop-i', '/loop-%69')], '/loop-%69'],
  ])('is true for a rule pointing at %s', (_label, rules, path) => {
    expect(check(rules, path)).toBe(true)
  })

  it.each([
    ['another path', [exact('/a', '/b')], '/a'],
    ['another site', [exact('/a', 'https://partner.example/a')], '/a'],
    ['a path with another rule', [exact('/a', '/b'), exact('/b', '/c')], '/a'],
    ['a growing regex target (caught on save)', [regex('^/g/(.*)$', '/g/$1x')], '/g/a'],
  ])('is false for a rule pointing at %s', (_label, rules, path) => {
    expect(check(rules, path)).toBe(false)
  })
})
