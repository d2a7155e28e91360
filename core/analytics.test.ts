import { describe, expect, it } from 'vitest'
import {
  beaconStage,
  canonicalPath,
  deviceClass,
  dropOff,
  funnelSteps,
  isBotAgent,
  MIN_HUMAN_MS,
  rate,
  referrerDomain,
  servedPaths,
} from './analytics.ts'

describe('bots', () => {
  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', true],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0 Safari/537.36',
      false,
    ],
    ['Mozilla/5.0 (Linux) Chrome-Lighthouse', true],
    ['curl/8.5.0', true],
    ['Wget/1.21', true],
    ['python-requests/2.31', true],
    ['facebookexternalhit/1.1', true],
    ['', true],
    [undefined, true],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
      false,
    ],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', false],
  ])('%s is a bot: %s', (ua, bot) => {
    expect(isBotAgent(ua)).toBe(bot)
  })
})

describe('device class', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', 'mobile'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
      'mobile',
    ],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/130.0 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36', 'desktop'],
    [undefined, 'desktop'],
  ])('%s is %s', (ua, device) => {
    expect(deviceClass(ua)).toBe(device)
  })
})

describe('referrer domain', () => {
  it('keeps only the host, without www, and nothing for this site or a bad address', () => {
    expect(referrerDomain('https://www.Google.co.uk/search?q=pcp+claim')).toBe('google.co.uk')
    expect(referrerDomain('https://m.facebook.com/story.php?id=1')).toBe('m.facebook.com')
    expect(referrerDomain('https://claims.example/page', 'claims.example')).toBeNull()
    expect(referrerDomain('android-app://com.google.android.gm/')).toBeNull()
    expect(referrerDomain('not a url')).toBeNull()
    expect(referrerDomain(undefined)).toBeNull()
  })
})

describe('beacon stages', () => {
  const at = (elapsed?: number) => ({ path: '/', elapsed })
  it('counts interactions only with a human timing, never the lead beacon, and the page view as a JS signal', () => {
    expect(beaconStage({ type: 'pageview', ...at(5) })).toBe('js_pageview')
    expect(beaconStage({ type: 'lead', ...at(9000) })).toBeNull()
    expect(beaconStage({ type: 'questionnaire_start', ...at(MIN_HUMAN_MS) })).toBe('questionnaire_start')
    expect(beaconStage({ type: 'questionnaire_start', ...at(MIN_HUMAN_MS - 1) })).toBeNull()
    expect(beaconStage({ type: 'step', step: 'q1', ...at() })).toBeNull()
    expect(beaconStage({ type: 'step', ...at(1000) })).toBeNull()
    expect(beaconStage({ type: 'step', step: 'q1', ...at(1000) })).toBe('step')
    expect(beaconStage({ type: 'result', result: 'eligible', ...at(1000) })).toBe('eligible')
    expect(beaconStage({ type: 'result', result: 'not_eligible', ...at(1000) })).toBe('not_eligible')
    expect(beaconStage({ type: 'form_start', ...at(1000) })).toBe('form_start')
  })
})

describe('funnel', () => {
  it('orders the stages, questions most answered first, and works out drop-off', () => {
    const steps = funnelSteps(
      [
        { stage: 'visit', step: '', visitors: 10 },
        { stage: 'pageview', step: '', visitors: 10 },
        { stage: 'questionnaire_start', step: '', visitors: 6 },
        { stage: 'step', step: 'b', visitors: 3 },
        { stage: 'step', step: 'a', visitors: 5 },
        { stage: 'step', step: 'c', visitors: 3 },
        { stage: 'eligible', step: '', visitors: 2 },
        { stage: 'not_eligible', step: '', visitors: 1 },
        { stage: 'lead', step: '', visitors: 2 },
      ],
      { leads: 2, sold: 1 },
      [],
      new Map([['a', 'Did you have PCP finance?']]),
    )
    expect(steps.map((s) => [s.name, s.label, s.count, s.of])).toEqual([
      ['visitors', 'Visitors', 10, 'visitors'],
      ['questionnaire_start', 'Started the questionnaire', 6, 'visitors'],
      ['step:a', 'Answered “Did you have PCP finance?”', 5, 'visitors'],
      ['step:b', 'Answered “b”', 3, 'visitors'],
      ['step:c', 'Answered “c”', 3, 'visitors'],
      ['eligible', 'Eligible result', 2, 'visitors'],
      ['form_start', 'Started the form', 0, 'visitors'],
      ['lead', 'Visitors who sent a lead', 2, 'visitors'],
      ['sold', 'Leads sold', 1, 'leads'],
    ])
    expect(steps.map((s) => s.share)).toEqual([1, 0.6, 0.5, 0.3, 0.3, 0.2, 0, 0.2, 0.5])
    expect(dropOff(steps).slice(0, 3)).toEqual([null, 0.4, 1 / 6])
    // Leads are not visitors: nothing is lost "from" visitors to leads.
    expect(dropOff(steps)[8]).toBeNull()
    const ordered = funnelSteps(
      [
        { stage: 'step', step: 'b', visitors: 3 },
        { stage: 'step', step: 'a', visitors: 5 },
        { stage: 'step', step: 'old', visitors: 1 },
        { stage: 'step', step: 'c', visitors: 4 },
      ],
      { leads: 0, sold: 0 },
      ['c', 'b', 'a'],
    )
    expect(ordered.filter((s) => s.name.startsWith('step:')).map((s) => s.name)).toEqual([
      'step:c',
      'step:b',
      'step:a',
      'step:old',
    ])
    expect(dropOff(steps)[7]).toBe(0)
    expect(rate(1, 4)).toBe(0.25)
    expect(rate(1, 0)).toBe(0)
  })

  it('never shows a share above 1: five sold leads of four visitors who sent five leads', () => {
    const steps = funnelSteps(
      [
        { stage: 'visit', step: '', visitors: 4 },
        { stage: 'lead', step: '', visitors: 4 },
      ],
      { leads: 5, sold: 5 },
    )
    const sold = steps.find((s) => s.name === 'sold')
    expect(sold).toMatchObject({ count: 5, of: 'leads', share: 1 })
    expect(steps.every((s) => s.share === null || (s.share >= 0 && s.share <= 1))).toBe(true)
    // No visitors, no leads: nothing to divide, not 0%.
    const empty = funnelSteps([], { leads: 0, sold: 0 })
    expect(empty.map((s) => s.share)).toEqual(empty.map(() => null))
  })
})

describe('served paths', () => {
  it('are the built-in pages and the published pages, home being /', () => {
    const paths = servedPaths(['home', 'cookie-policy', 'spring-offer'])
    expect([...paths].sort()).toEqual([
      '/',
      '/complaints',
      '/cookie-policy',
      '/evidence',
      '/privacy-policy',
      '/spring-offer',
      '/thank-you',
    ])
    expect(paths.has('/admin')).toBe(false)
  })

  it('key a path in lower case without a trailing slash', () => {
    expect(canonicalPath('/Spring-Offer/')).toBe('/spring-offer')
    expect(canonicalPath('/')).toBe('/')
    expect(canonicalPath('//')).toBe('/')
  })
})
