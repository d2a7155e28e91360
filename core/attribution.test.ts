import { describe, expect, it } from 'vitest'
import { attributionFromUrl } from './attribution.ts'

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
