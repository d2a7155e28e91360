import { describe, expect, it } from 'vitest'
import { readPingAnswer } from './ping-answer.ts'

describe('readPingAnswer', () => {
  it.each([
    [200, '{"accepted": true}', { kind: 'accepted', bidPence: 2500 }],
    [200, '{"accepted": true, "pricePence": null}', { kind: 'accepted', bidPence: 2500 }],
    [201, '{"accepted": true, "pricePence": 3100}', { kind: 'accepted', bidPence: 3100 }],
    [200, '{"accepted": true, "pricePence": 2500}', { kind: 'accepted', bidPence: 2500 }],
  ] as const)('%i %s accepts', (status, body, expected) => {
    expect(readPingAnswer(status, body, 2500)).toEqual(expected)
  })

  it.each([
    [200, '{"accepted": true, "pricePence": 2499}', 'Bid £24.99 is below the price of £25.00'],
    [200, '{"accepted": true, "pricePence": 30.5}', 'not a whole number'],
    [200, '{"accepted": true, "pricePence": "3000"}', 'not a whole number'],
    [200, '{"accepted": false, "pricePence": 9000}', 'declined'],
    [200, '{"accepted": "true"}', 'declined'],
    [200, '{}', 'declined'],
    [200, 'yes', 'not JSON'],
    [200, '[true]', 'not a JSON object'],
    [200, null, 'not JSON'],
    [400, '{"accepted": true}', 'HTTP 400'],
    [409, '{"accepted": true}', 'HTTP 409'],
  ] as const)('%i %s is a rejection', (status, body, reason) => {
    const answer = readPingAnswer(status, body, 2500)
    expect(answer.kind).toBe('rejected')
    expect(answer.kind === 'rejected' && answer.reason).toContain(reason)
  })

  it.each([null, 408, 429, 500, 503])('%s is tried again', (status) => {
    expect(readPingAnswer(status, '{"accepted": true}', 2500).kind).toBe('retry')
  })
})
