import { describe, expect, it } from 'vitest'
import { checkTarget, isValidHost, siteOrigin, urlOnSite } from './request-target.ts'

describe('checkTarget', () => {
  it.each([
    ['//privacy-policy', '/privacy-policy'],
    ['//', '/'],
    ['///', '/'],
    ['/\\', '/'],
    ['/\\/evil.test', '/evil.test'],
    ['//x:99999', '/x:99999'],
    ['//u@h/', '/u@h/'],
    ['//evidence?utm_source=ad', '/evidence?utm_source=ad'],
  ])('sends %s to %s', (target, location) => {
    expect(checkTarget(target, 'claims.test')).toEqual({ kind: 'redirect', location })
  })

  it.each(['http://u@evil.test/', 'https://claims.test/evidence', '*', 'evidence', ''])(
    'refuses the target %j',
    (target) => {
      expect(checkTarget(target, 'claims.test').kind).toBe('refuse')
    },
  )

  it.each(['/', '/evidence', '/a//b', '/a\\b', '/u@h', '/x:1?next=//evil.test'])(
    'lets %s through',
    (target) => {
      expect(checkTarget(target, 'claims.test')).toEqual({ kind: 'ok' })
    },
  )
})

describe('isValidHost', () => {
  it.each([
    'claims.test',
    'localhost',
    'localhost:5000',
    '127.0.0.1:65535',
    '[::1]',
    '[::1]:8080',
    'my_host.internal',
  ])('accepts %s', (host) => expect(isValidHost(host)).toBe(true))
  it.each([
    '',
    '[',
    '@',
    'x@y',
    'a b',
    'x:99999',
    'x:',
    'a/b',
    'a\\b',
    'a..b',
    '.',
    '[::1',
    'x:1:2',
    'é.test',
  ])('refuses %j', (host) => expect(isValidHost(host)).toBe(false))
})

describe('the URL a page is rendered for', () => {
  it('takes its origin from PUBLIC_URL, whatever the Host', () => {
    expect(siteOrigin('https://claims.example/', 'http', 'evil.test')).toBe('https://claims.example')
  })
  it('falls back to a valid Host, or localhost', () => {
    expect(siteOrigin(undefined, 'https', 'claims.test:8443')).toBe('https://claims.test:8443')
    expect(siteOrigin(undefined, 'javascript', 'x@y')).toBe('http://localhost')
  })
  it('sets the path as a path: nothing in it can name another host', () => {
    const url = urlOnSite('https://claims.example', '//evil.test/x?y=1')
    expect(url.host).toBe('claims.example')
    expect(url.pathname).toBe('//evil.test/x')
    expect(url.search).toBe('?y=1')
  })
})
