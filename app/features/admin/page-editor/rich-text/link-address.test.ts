import { describe, expect, it } from 'vitest'
import { linkHref } from './link-address.ts'

describe('linkHref', () => {
  it.each([
    ['https://example.com/a?b=c', 'https://example.com/a?b=c'],
    ['  http://example.com  ', 'http://example.com'],
    ['mailto:help@example.com', 'mailto:help@example.com'],
    ['tel:+442012345678', 'tel:+442012345678'],
    ['/claims#start', '/claims#start'],
    ['#faq', '#faq'],
  ])('keeps %s', (input, href) => {
    expect(linkHref(input)).toBe(href)
  })

  it.each([
    ['help@example.com', 'mailto:help@example.com'],
    ['+44 20 1234 5678', 'tel:+442012345678'],
    ['020 1234 5678', 'tel:02012345678'],
    ['www.example.com', 'https://www.example.com'],
    ['example.co.uk/claims?x=1', 'https://example.co.uk/claims?x=1'],
  ])('completes %s', (input, href) => {
    expect(linkHref(input)).toBe(href)
  })

  it.each([
    'javascript:alert(1)',
    ' JaVa\tScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    '//evil.example',
    'ftp://example.com',
    'index.html',
    '',
  ])('makes %s about:blank', (input) => {
    expect(linkHref(input)).toBe('about:blank')
  })
})
