import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VisitorIds } from '../../server/insight/index.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

describe(`cookieless visitor ids on ${testDialect}`, () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)'
  const noon = (day: string) => new Date(`${day}T12:00:00Z`)

  it('gives one visitor one id all day, the same on every instance, and another one tomorrow', async () => {
    const one = new VisitorIds(app.database.db, 'https://claims.example')
    const two = new VisitorIds(app.database.db, 'https://claims.example')
    const morning = await one.id('203.0.113.7', ua, new Date('2026-11-20T08:00:00Z'))
    expect(morning).toMatch(/^[0-9a-f]{32}$/)
    expect(await two.id('203.0.113.7', ua, new Date('2026-11-20T23:30:00Z'))).toBe(morning)
    expect(await one.id('203.0.113.8', ua, noon('2026-11-20'))).not.toBe(morning)
    expect(await one.id('203.0.113.7', `${ua} X`, noon('2026-11-20'))).not.toBe(morning)
    // Another site (a second install on the same database) cannot match the same person.
    const other = new VisitorIds(app.database.db, 'https://other.example')
    expect(await other.id('203.0.113.7', ua, noon('2026-11-20'))).not.toBe(morning)

    const tomorrow = await one.id('203.0.113.7', ua, noon('2026-11-21'))
    expect(tomorrow).not.toBe(morning)
    // Yesterday's salt is gone: nobody can compute yesterday's ids again.
    const salts = await app.database.db.selectFrom('visitorSalt').select('day').execute()
    expect(salts.map((s) => s.day)).toEqual(['2026-11-21'])
    expect(one.peek('203.0.113.7', ua, noon('2026-11-21'))).toBe(tomorrow)
  })

  it('counts the day in UK time: 23:30 UTC in summer is the next day in London', async () => {
    const ids = new VisitorIds(app.database.db, 'https://claims.example')
    const lateUtc = await ids.id('198.51.100.1', ua, new Date('2026-07-01T23:30:00Z'))
    expect(await ids.id('198.51.100.1', ua, new Date('2026-07-02T10:00:00Z'))).toBe(lateUtc)
  })
})
