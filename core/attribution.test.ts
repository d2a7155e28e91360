import { describe, expect, it } from 'vitest'
import { attributionFromUrl, carryTrackingParams } from './attribution.ts'

describe('attributionFromUrl', () => {
  it('takes the tracking parameters, the landing page and the referrer', () => {
    expect(
      attributionFromUrl(
        'https://claims.example/offer?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=pcp&utm_content=a&gclid=G1&gbraid=GB&wbraid=WB&fbclid=F1&msclkid=M1&other=x',
        'https://www.google.com/',
      ),
    ).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      utm_term: 'pcp',
      utm_content: 'a',
      gclid: 'G1',
      gbraid: 'GB',
      wbraid: 'WB',
      fbclid: 'F1',
      msclkid: 'M1',
      landing_page:
        'https://claims.example/offer?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=pcp&utm_content=a&gclid=G1&gbraid=GB&wbraid=WB&fbclid=F1&msclkid=M1&other=x',
      referrer: 'https://www.google.com/',
    })
  })

  it('leaves out empty values, cuts long ones, and survives a bad URL', () => {
    const out = attributionFromUrl(`https://claims.example/?utm_source=&gclid=${'g'.repeat(300)}#frag`, '')
    expect(out).toEqual({
      gclid: 'g'.repeat(200),
      landing_page: `https://claims.example/?utm_source=&gclid=${'g'.repeat(300)}`,
    })
    expect(attributionFromUrl('not a url', null)).toEqual({})
  })
})

describe('carryTrackingParams', () => {
  const page = 'https://claims.example/evidence?utm_source=google&gclid=G1'
  const fromAd = attributionFromUrl(page, 'https://www.google.com/')

  it('adds the tracking parameters to a link to another public page', () => {
    expect(carryTrackingParams('/', fromAd, page)).toBe('https://claims.example/?utm_source=google&gclid=G1')
    expect(carryTrackingParams('/privacy-policy?x=1#top', fromAd, page)).toBe(
      'https://claims.example/privacy-policy?x=1&utm_source=google&gclid=G1#top',
    )
    expect(carryTrackingParams('https://claims.example/spring', fromAd, page)).toBe(
      'https://claims.example/spring?utm_source=google&gclid=G1',
    )
  })

  it('carries values exactly, encoded', () => {
    const odd = attributionFromUrl('https://claims.example/?utm_campaign=a%20b%26c', null)
    expect(carryTrackingParams('/evidence', odd, 'https://claims.example/')).toBe(
      'https://claims.example/evidence?utm_campaign=a+b%26c',
    )
  })

  it('leaves other sites, the admin, the API, the same page and tagged links alone', () => {
    expect(carryTrackingParams('https://fca.org.uk/', fromAd, page)).toBeNull()
    expect(carryTrackingParams('/admin', fromAd, page)).toBeNull()
    expect(carryTrackingParams('/api/leads', fromAd, page)).toBeNull()
    expect(carryTrackingParams('#claims-process', fromAd, page)).toBeNull()
    expect(carryTrackingParams('/?utm_source=newsletter', fromAd, page)).toBeNull()
    expect(carryTrackingParams('mailto:help@claims.example', fromAd, page)).toBeNull()
  })

  it('adds nothing when the visitor brought no tracking parameters', () => {
    const plain = attributionFromUrl('https://claims.example/evidence', 'https://www.google.com/')
    expect(carryTrackingParams('/', plain, 'https://claims.example/evidence')).toBeNull()
  })
})
