import { describe, expect, it } from 'vitest'
import { returnTarget } from './return-target.server.ts'

const ownOrigins = ['http://127.0.0.1:5000', 'https://claims.example']
const target = (referer: string | undefined, returnTo: string | undefined) =>
  returnTarget({ referer, returnTo, ownOrigins })

describe('returnTarget', () => {
  it('goes back to the page of this site the form was posted from, query and all', () => {
    expect(target('https://claims.example/evidence?utm_source=ad&gclid=x', '/evidence')).toBe(
      '/evidence?utm_source=ad&gclid=x',
    )
    expect(target('http://127.0.0.1:5000/', undefined)).toBe('/')
  })

  it('takes returnTo when there is no Referer of this site', () => {
    expect(target(undefined, '/privacy-policy')).toBe('/privacy-policy')
    expect(target('https://evil.example/x', '/cookie-policy?x=1')).toBe('/cookie-policy?x=1')
    expect(target('not a url', '/thank-you')).toBe('/thank-you')
  })

  it.each([
    ['https://evil.example/'],
    ['//evil.example/'],
    ['/\\evil.example/'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['javascript:alert(1)'],
    ['http://127.0.0.1:5000.evil.example/'],
    ['evil'],
    [''],
  ])('never leaves the site for returnTo %j', (returnTo) => {
    const location = target(undefined, returnTo)
    expect(location.startsWith('/')).toBe(true)
    expect(location.startsWith('//')).toBe(false)
    expect(new URL(location, 'https://claims.example').origin).toBe('https://claims.example')
  })

  it('ignores a Referer of another origin, a look-alike host or another port', () => {
    for (const referer of [
      'https://evil.example/',
      'https://claims.example.evil.example/',
      'http://127.0.0.1:5001/',
      'http://claims.example/',
    ]) {
      expect(target(referer, undefined)).toBe('/')
    }
  })
})
