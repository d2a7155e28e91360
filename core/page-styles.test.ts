import { describe, expect, it } from 'vitest'
import { safeHref } from './links.ts'
import { isSafeStyleValue, safeStyles, styleAttribute } from './page-styles.ts'

describe('style validator', () => {
  it.each([
    ['color', '#1f2937'],
    ['color', 'rgb(10, 20, 30)'],
    ['backgroundColor', 'rgba(0,0,0,0.5)'],
    ['color', 'white'],
    ['fontSize', '32px'],
    ['fontSize', '2rem'],
    ['fontWeight', '600'],
    ['margin', '0 auto'.replace(' auto', ' 8px')],
    ['padding', '12px 24px'],
    ['borderRadius', '6px'],
    ['borderWidth', '1px'],
    ['textAlign', 'center'],
  ] as const)('accepts %s: %s', (field, value) => {
    expect(isSafeStyleValue(field, value)).toBe(true)
  })

  it.each([
    ['backgroundColor', 'url(https://evil.example/x.png)'],
    ['color', 'expression(alert(1))'],
    ['color', 'red; background: url(x)'],
    ['color', 'red" onmouseover="x'],
    ['fontSize', '12px; position: fixed'],
    ['fontWeight', '900'],
    ['margin', 'calc(100% - 1px)'],
    ['padding', 'var(--x)'],
    ['textAlign', 'justify; x'],
    ['borderColor', 'inherit'],
  ] as const)('refuses %s: %s', (field, value) => {
    expect(isSafeStyleValue(field, value)).toBe(false)
  })

  it('keeps valid fields, drops the rest, and writes CSS', () => {
    expect(safeStyles({ color: '#fff', backgroundColor: 'url(x)', padding: '12px 24px' })).toEqual({
      color: '#fff',
      padding: '12px 24px',
    })
    expect(
      styleAttribute({ fontSize: '2rem', fontWeight: '600', borderWidth: '2px', textColor: 'navy' }),
    ).toBe('font-size:2rem;font-weight:600;border-width:2px;color:navy;border-style:solid')
    expect(styleAttribute({})).toBe('')
  })
})

describe('link sanitiser', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http://example.com', 'http://example.com'],
    ['mailto:help@example.com', 'mailto:help@example.com'],
    ['tel:+447700900000', 'tel:+447700900000'],
    ['/evidence#fca', '/evidence#fca'],
    ['#calculator', '#calculator'],
    ['javascript:alert(1)', 'about:blank'],
    ['JavaScript:alert(1)', 'about:blank'],
    ['java\tscript:alert(1)', 'about:blank'],
    [' javascript:alert(1)', 'about:blank'],
    ['data:text/html,<b>x</b>', 'about:blank'],
    ['vbscript:x', 'about:blank'],
    ['//evil.example/', 'about:blank'],
    ['/\\evil.example/', 'about:blank'],
    ['ftp://example.com', 'about:blank'],
  ])('%s becomes %s', (input, expected) => {
    expect(safeHref(input)).toBe(expected)
  })
})
