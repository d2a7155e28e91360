import { describe, expect, it } from 'vitest'
import { parseViewLine, viewHeader, viewOf } from './view-log-line.ts'

// Lines as nginx 1.22 writes them with deploy/nginx.conf's `claim_views` format.
const line = (...fields: string[]) => ['cv1', ...fields].join('\t')

describe('parseViewLine', () => {
  it('reads every field of a line', () => {
    expect(
      parseViewLine(
        line(
          '1795879046.803',
          '203.0.113.9',
          'GET',
          '200',
          '/pv?utm_source=x%22y',
          'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
          'https://www.google.com/',
          '1',
          '0',
          'page 3:B',
        ),
      ),
    ).toEqual({
      at: 1795879046803,
      ip: '203.0.113.9',
      method: 'GET',
      status: 200,
      url: '/pv?utm_source=x%22y',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      referer: 'https://www.google.com/',
      gpc: '1',
      noCount: '0',
      view: 'page 3:B',
    })
  })

  it("turns nginx's \\xHH back into the bytes Node would have given, and - into nothing", () => {
    const parsed = parseViewLine(
      line('1795879046.788', '::1', 'GET', '304', '/', 'Mozilla \\x22q\\x22 \\x5C \\xFC', '-', '-', '-', '-'),
    )
    expect(parsed?.userAgent).toBe('Mozilla "q" \\ \u00fc')
    expect(parsed?.status).toBe(304)
    expect(parsed).toMatchObject({ referer: undefined, gpc: undefined, noCount: undefined, view: undefined })
  })

  it('skips lines of another format, cut short or with broken numbers', () => {
    const fields = ['1795879046.788', '127.0.0.1', 'GET', '200', '/', 'Mozilla', '-', '-', '-', 'page']
    expect(parseViewLine(line(...fields))).toBeDefined()
    expect(parseViewLine(`cv2\t${fields.join('\t')}`)).toBeUndefined()
    expect(parseViewLine(line(...fields.slice(0, 9)))).toBeUndefined()
    expect(parseViewLine(line(...fields, 'extra'))).toBeUndefined()
    expect(parseViewLine(line('soon', ...fields.slice(1)))).toBeUndefined()
    expect(
      parseViewLine(line(fields[0] as string, '127.0.0.1', 'GET', '2xx', ...fields.slice(4))),
    ).toBeUndefined()
    expect(parseViewLine('127.0.0.1 - - [28/Nov/2026:15:00:00 +0000] "GET / HTTP/1.1" 200')).toBeUndefined()
    expect(parseViewLine('')).toBeUndefined()
  })
})

describe('the view header', () => {
  it('says page, or page and the variant key, and reads back the same', () => {
    expect(viewHeader(null)).toBe('page')
    expect(viewHeader('12:Shorter title')).toBe('page 12:Shorter title')
    expect(viewOf('page')).toEqual({ variant: null })
    expect(viewOf(viewHeader('12:Shorter title'))).toEqual({ variant: '12:Shorter title' })
  })

  it('is no page view when absent or malformed', () => {
    expect(viewOf(undefined)).toBeUndefined()
    expect(viewOf('pages')).toBeUndefined()
    expect(viewOf('page x:B')).toBeUndefined()
    expect(viewOf('page 12:')).toBeUndefined()
  })
})
