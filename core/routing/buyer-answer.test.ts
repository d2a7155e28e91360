import { describe, expect, it } from 'vitest'
import { type AnswerReading, classifyAnswer, readPath } from './buyer-answer.ts'

describe('readPath', () => {
  const body = { result: { status: 'OK' }, data: [{ accepted: true }], 'a-b': 1 }
  it.each<[string, unknown]>([
    ['result.status', 'OK'],
    ['$.result.status', 'OK'],
    ['data.0.accepted', true],
    ['$.data[0].accepted', true],
    ['data.1.accepted', undefined],
    ['data.x', undefined],
    ['result.status.length', undefined],
    ['missing.deep', undefined],
    ['a-b', 1],
    ['constructor', undefined],
    ['', body],
  ])('%s', (path, value) => {
    expect(readPath(body, path)).toEqual(value)
  })

  it('reads nothing from scalars and null', () => {
    expect(readPath(null, 'a')).toBeUndefined()
    expect(readPath('text', 'length')).toBeUndefined()
  })
})

const plain: AnswerReading = {}
const byStatus: AnswerReading = { acceptPath: 'result.status' }

describe('classifyAnswer', () => {
  it.each<[string, AnswerReading, number | null, string | null, string, string | null]>([
    ['network error', plain, null, null, 'retry', 'No answer (network error or timeout)'],
    ['408', plain, 408, null, 'retry', 'HTTP 408'],
    ['429', plain, 429, '{"message":"slow down"}', 'retry', 'HTTP 429'],
    ['500', plain, 500, 'oops', 'retry', 'HTTP 500'],
    ['503 with accept path', byStatus, 503, null, 'retry', 'HTTP 503'],
    ['409', plain, 409, null, 'duplicate', 'HTTP 409'],
    ['409 with a reason', plain, 409, '{"reason":"Seen on 3 May"}', 'duplicate', 'Seen on 3 May'],
    ['422 without body', plain, 422, null, 'rejected', 'HTTP 422'],
    [
      '200 accepted false',
      plain,
      200,
      '{"accepted":false,"reason":"Out of area"}',
      'rejected',
      'Out of area',
    ],
    ['200 success false', plain, 200, '{"success":false}', 'rejected', 'Answered success: false'],
    ['200 status rejected', plain, 200, '{"status":"Rejected"}', 'rejected', 'Answered rejected'],
    ['200 result duplicate', plain, 200, '{"result":"duplicate","message":"Seen"}', 'duplicate', 'Seen'],
    ['200 status accepted', plain, 200, '{"status":"accepted","id":7}', 'accepted', null],
    ['200 accepted true', plain, 200, '{"accepted":true}', 'accepted', null],
    ['200 plain text', plain, 200, 'OK', 'accepted', null],
    ['422 with HTML', plain, 422, '<html>Bad</html>', 'rejected', 'HTTP 422'],
    [
      '400 reason',
      plain,
      400,
      '{"reason":"Postcode outside area","message":"x"}',
      'rejected',
      'Postcode outside area',
    ],
    ['400 message', plain, 400, '{"message":"Bad phone"}', 'rejected', 'Bad phone'],
    ['400 error', plain, 400, '{"error":"Invalid"}', 'rejected', 'Invalid'],
    ['400 error object', plain, 400, '{"error":{"message":"Nested"}}', 'rejected', 'Nested'],
    [
      '400 reasonPath',
      { reasonPath: 'errors.0.detail' },
      400,
      '{"errors":[{"detail":"Too old"}],"message":"no"}',
      'rejected',
      'Too old',
    ],
    [
      '400 reasonPath missing falls back',
      { reasonPath: 'why' },
      400,
      '{"message":"Fallback"}',
      'rejected',
      'Fallback',
    ],
    ['302 is not a sale', plain, 302, null, 'rejected', 'HTTP 302'],
    ['2xx without accept path', plain, 201, 'anything', 'accepted', null],
    ['2xx empty body without accept path', plain, 204, null, 'accepted', null],
    ['accepted value, any case', byStatus, 200, '{"result":{"status":"OK"}}', 'accepted', null],
    ['accepted: sold', byStatus, 200, '{"result":{"status":" Sold "}}', 'accepted', null],
    [
      'accepted: boolean true',
      { acceptPath: '$.data.0.accepted' },
      200,
      '{"data":[{"accepted":true}]}',
      'accepted',
      null,
    ],
    ['accepted: number 1', { acceptPath: 'ok' }, 200, '{"ok":1}', 'accepted', null],
    ['boolean false', { acceptPath: 'ok' }, 200, '{"ok":false}', 'rejected', 'Answered false'],
    [
      'own accept values',
      { ...byStatus, acceptValues: ['Approved'] },
      200,
      '{"result":{"status":"approved"}}',
      'accepted',
      null,
    ],
    [
      'own accept values replace the defaults',
      { ...byStatus, acceptValues: ['Approved'] },
      200,
      '{"result":{"status":"ok"}}',
      'rejected',
      'Answered ok',
    ],
    [
      'empty accept values use the defaults',
      { ...byStatus, acceptValues: [] },
      200,
      '{"result":{"status":"ok"}}',
      'accepted',
      null,
    ],
    ['duplicate', byStatus, 200, '{"result":{"status":"Duplicate"}}', 'duplicate', null],
    [
      'dupe with reason',
      byStatus,
      200,
      '{"result":{"status":"dupe"},"reason":"Bought last week"}',
      'duplicate',
      'Bought last week',
    ],
    [
      'rejected with reason',
      byStatus,
      200,
      '{"result":{"status":"rejected"},"reason":"Out of area"}',
      'rejected',
      'Out of area',
    ],
    [
      'rejected with message',
      byStatus,
      200,
      '{"result":{"status":"no"},"message":"Full today"}',
      'rejected',
      'Full today',
    ],
    [
      'rejected with reasonPath',
      { ...byStatus, reasonPath: 'result.why' },
      200,
      '{"result":{"status":"no","why":"Too recent"},"reason":"other"}',
      'rejected',
      'Too recent',
    ],
    [
      'rejected, no reason',
      byStatus,
      200,
      '{"result":{"status":"declined"}}',
      'rejected',
      'Answered declined',
    ],
    ['value missing', byStatus, 200, '{"status":"ok"}', 'rejected', 'Answered nothing'],
    ['value an object', byStatus, 200, '{"result":{"status":{"code":1}}}', 'rejected', 'Answered {"code":1}'],
    ['not JSON', byStatus, 200, 'OK', 'rejected', 'The answer was not JSON'],
    ['empty body', byStatus, 200, null, 'rejected', 'The answer was not JSON'],
  ])('%s', (_, reading, status, body, kind, reason) => {
    expect(classifyAnswer(reading, status, body)).toEqual({ kind, reason })
  })

  it('strips control characters and keeps reasons to 200 characters', () => {
    const long = `Line one\u0000\nline\ttwo ${'x'.repeat(300)}`
    const { kind, reason } = classifyAnswer(plain, 400, JSON.stringify({ reason: long }))
    expect(kind).toBe('rejected')
    expect(reason).toHaveLength(200)
    expect(reason?.startsWith('Line one line two xxx')).toBe(true)
    expect(reason).not.toMatch(/\p{Cc}/u)
  })

  it('does not cut a character in half', () => {
    const { reason } = classifyAnswer(plain, 400, JSON.stringify({ reason: '😀'.repeat(250) }))
    expect(Array.from(reason ?? '')).toHaveLength(200)
    expect(reason).toBe('😀'.repeat(200))
  })

  it('skips a blank reason for the next field', () => {
    expect(classifyAnswer(plain, 400, '{"reason":"  ","message":"Useful"}')).toEqual({
      kind: 'rejected',
      reason: 'Useful',
    })
  })
})
