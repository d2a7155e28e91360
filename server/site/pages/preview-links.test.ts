import { describe, expect, it } from 'vitest'
import { PREVIEW_LINK_TTL_MS, previewLink, readPreview, signPreview } from './preview-links.server.ts'

const secret = 'test-secret'
const now = Date.parse('2026-03-01T12:00:00Z')

describe('preview links', () => {
  it('round-trips a page, a revision and a variant until they expire', () => {
    for (const target of [{ page: 3 }, { page: 3, revision: 9 }, { experiment: 4, variant: 'Bold B' }]) {
      const token = signPreview(secret, target, new Date(now + 60_000))
      expect(token).toMatch(/^[0-9a-f]+-[0-9a-f]{64}$/)
      expect(readPreview(secret, token, now)).toMatchObject({ ok: true, target })
      expect(readPreview(secret, token, now + 60_000)).toEqual({ ok: false, reason: 'expired' })
    }
  })

  it('refuses a token changed anywhere, signed with another secret, or not a token', () => {
    const token = signPreview(secret, { page: 3 }, new Date(now + 60_000))
    const other = signPreview(secret, { page: 4 }, new Date(now + 60_000))
    const [payload, mac] = token.split('-') as [string, string]
    const [otherPayload] = other.split('-') as [string]
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`
    for (const bad of [
      `${otherPayload}-${mac}`,
      `${payload}-${flipped}`,
      signPreview('another-secret', { page: 3 }, new Date(now + 60_000)),
      token.toUpperCase(),
      `${token}x`,
      'nothing',
      '',
    ]) {
      expect(readPreview(secret, bad, now), bad).toEqual({ ok: false, reason: 'invalid' })
    }
  })

  it('makes a link for a day on the configured origin', () => {
    const link = previewLink({ sessionSecret: secret, linkOrigin: 'https://example.test' }, { page: 1 }, now)
    expect(link.url).toBe(`https://example.test${link.path}`)
    expect(link.path).toMatch(/^\/preview\//)
    expect(Date.parse(link.expiresAt)).toBe(now + PREVIEW_LINK_TTL_MS)
  })
})
