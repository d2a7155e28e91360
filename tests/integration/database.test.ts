import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemPageContent } from '../../core/system-page-content.ts'
import { seed } from '../../server/compose/index.ts'
import {
  json,
  migrateToLatest,
  migrationProvider,
  replacedDescriptions,
  shorterDescriptions,
} from '../../server/platform/index.ts'
import { systemPages } from '../../server/site/index.ts'
import { insertLead as insertLeadRow } from '../support/factories.ts'
import { createTestDatabase, testDialect } from '../support/test-app.ts'

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>

const specTables = [
  'admin_user',
  'custom_script',
  'eligibility_response',
  'lead',
  'page',
  'redirect',
  'session',
  'site_setting',
  'user',
]

describe(`database schema, migrations and seed on ${testDialect}`, () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase()
    expect(database.dialect).toBe(testDialect)
    await migrateToLatest(database.db.withoutPlugins(), database.dialect)
    await seed(database.db)
  })
  afterAll(async () => {
    await database?.destroy()
  })

  const db = () => database.db

  async function countRows(table: 'page' | 'siteSetting' | 'lead' | 'eligibilityResponse'): Promise<number> {
    const row = await db()
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  const insertLead = (email: string) => insertLeadRow(db(), { email })

  it('has every table of the spec', async () => {
    const tables = await db().introspection.getTables()
    const names = tables.map((t) => t.name)
    for (const table of specTables) expect(names, table).toContain(table)
  })

  it('has the spec columns on lead and eligibility_response', async () => {
    const tables = await db().introspection.getTables()
    const columns = (name: string) =>
      tables
        .find((t) => t.name === name)
        ?.columns.map((c) => c.name)
        .sort()
    expect(columns('lead')).toEqual(
      [
        'id',
        'first_name',
        'last_name',
        'email',
        'phone',
        'car_details',
        'has_consent',
        'consent_text',
        'source_url',
        'user_agent',
        'created_at',
        // Issue 12: consent evidence, the normalised phone, duplicates and attribution.
        'phone_e164',
        'phone_type',
        'email_normalized',
        'consent_version',
        'consent_sha256',
        'privacy_version',
        'partner_name',
        'ip_address',
        'constants_version',
        'utm_source',
        'utm_medium',
        'utm_campaign',
        'utm_term',
        'utm_content',
        'gclid',
        'gbraid',
        'wbraid',
        'fbclid',
        'msclkid',
        'referrer',
        'landing_page',
        // Issue 19: an opaque reference (the duplicate tally went: repeats are submissions).
        'reference',
        'questionnaire_version_id',
        'answers',
        'outcome',
        'estimated_claim',
        // Issue 21: the buyers the consent named, and whether the lead sold.
        'consent_buyers',
        'sale_status',
        // Issue 22: the experiment variant the lead converted on.
        'variant',
        // Issue 29: the page revision the form was on, and the signed consent certificate.
        'page_revision',
        'consent_certificate',
        // Issue 35: TikTok's click id, and the visitor's marketing consent for server-side conversions.
        'ttclid',
        'marketing_consent',
        // Issue 36: the post's Idempotency-Key (a repeat is answered as the first).
        'idempotency_key',
      ].sort(),
    )
    expect(columns('eligibility_response')).toEqual(
      [
        'id',
        'lead_id',
        'had_pcp_finance',
        'purchase_date_range',
        'loan_amount',
        'dealer_disclosed_commission',
        'commission_disclosure',
        'is_eligible',
        'estimated_claim',
        'created_at',
      ].sort(),
    )
  })

  it('gives leads taken before migration 0011 a random reference each, and keeps them', async () => {
    const old = await createTestDatabase()
    try {
      const raw = old.db.withoutPlugins()
      const migrator = new Migrator({ db: raw, provider: migrationProvider(old.dialect) })
      expect((await migrator.migrateTo('0010_lead_search_table')).error).toBeUndefined()
      for (let i = 0; i < 5; i++) {
        await sql`insert into lead (first_name, last_name, email, phone, duplicate_count)
          values (${`Old${i}`}, 'Lead', ${`old${i}@example.com`}, '07700900123', 2)`.execute(raw)
      }
      await migrateToLatest(raw, old.dialect)
      const rows = await old.db
        .selectFrom('lead')
        .select(['id', 'firstName', 'reference'])
        .orderBy('id')
        .execute()
      expect(rows.map((r) => r.firstName)).toEqual(['Old0', 'Old1', 'Old2', 'Old3', 'Old4'])
      for (const row of rows) expect(row.reference).toMatch(/^[A-Za-z0-9_-]{22}$/)
      expect(new Set(rows.map((r) => r.reference)).size).toBe(5)
    } finally {
      await old.destroy()
    }
  })

  it('turns each webhook of before migration 0017 into a buyer with one catch-all contract', async () => {
    const old = await createTestDatabase()
    try {
      const raw = old.db.withoutPlugins()
      const migrator = new Migrator({ db: raw, provider: migrationProvider(old.dialect) })
      expect((await migrator.migrateTo('0016_lead_answers')).error).toBeUndefined()
      await sql`insert into site_setting (key, value) values ('partner_name', 'Acme Claims Ltd')`.execute(raw)
      await sql`insert into webhook (name, url, secret, is_active) values
        ('CRM', 'https://crm.example/leads', 'secret-one', ${sql.lit(true)}),
        ('Old buyer', 'https://old.example/leads', 'secret-two', ${sql.lit(false)})`.execute(raw)
      await sql`insert into lead (first_name, last_name, email, phone, reference)
        values ('Old', 'Lead', 'old-webhook@example.com', '07700900123', 'ref-before-0017-aaaaa')`.execute(
        raw,
      )
      const { rows: leads } = await sql<{ id: number }>`select id from lead`.execute(raw)
      const leadId = leads[0]?.id as number
      await sql`insert into webhook_delivery (lead_id, webhook_id, idempotency_key, status)
        select ${leadId}, id, 'key-' || id, 'delivered' from webhook`.execute(raw)
      await migrateToLatest(raw, old.dialect)

      const buyers = await old.db.selectFrom('buyer').selectAll().orderBy('id').execute()
      expect(buyers.map((b) => [b.name, b.tradingName, b.namedInConsent, b.isActive])).toEqual([
        ['CRM', 'Acme Claims Ltd', true, true],
        ['Old buyer', 'Acme Claims Ltd', true, false],
      ])
      const contracts = await old.db.selectFrom('contract').selectAll().orderBy('id').execute()
      expect(
        contracts.map((c) => [c.buyerId, c.exclusive, c.maxBuyers, c.filters, c.caps, c.schedule]),
      ).toEqual(buyers.map((b) => [b.id, false, 99, {}, {}, null]))
      // The endpoints, their secrets and their history stay: the rows are now the contracts' own.
      const endpoints = await old.db
        .selectFrom('webhook')
        .select(['id', 'kind', 'url', 'secret'])
        .orderBy('id')
        .execute()
      expect(endpoints.map((w) => [w.kind, w.url, w.secret])).toEqual([
        ['contract', 'https://crm.example/leads', 'secret-one'],
        ['contract', 'https://old.example/leads', 'secret-two'],
      ])
      expect(contracts.map((c) => c.webhookId)).toEqual(endpoints.map((w) => w.id))
      const deliveries = await old.db
        .selectFrom('webhookDelivery')
        .select(['webhookId', 'contractId', 'status'])
        .orderBy('id')
        .execute()
      expect(deliveries).toEqual(
        contracts.map((c) => ({ webhookId: c.webhookId, contractId: c.id, status: 'delivered' })),
      )
    } finally {
      await old.destroy()
    }
  })

  it('gives back booleans and Dates from insert … returning', async () => {
    const before = Date.now()
    const lead = await insertLead('returning@example.com')
    expect(lead.hasConsent).toBe(false)
    expect(lead.createdAt).toBeInstanceOf(Date)
    expect(Math.abs(lead.createdAt.getTime() - before)).toBeLessThan(60_000)
  })

  it('round-trips a page: object content, isPublished false, Dates', async () => {
    const content = {
      blocks: [{ type: 'text', text: 'Héllo "world" <b>' }],
      version: 2,
      draft: true,
      none: null,
    }
    await db()
      .insertInto('page')
      .values({ slug: 'typed-page', title: 'Typed', content: json(content), isPublished: false })
      .execute()
    const page = await db()
      .selectFrom('page')
      .selectAll()
      .where('slug', '=', 'typed-page')
      .executeTakeFirstOrThrow()
    expect(page.content).toEqual(content)
    expect(page.isPublished).toBe(false)
    expect(page.createdAt).toBeInstanceOf(Date)
    expect(page.updatedAt).toBeInstanceOf(Date)
    expect(Number.isNaN(page.createdAt.getTime())).toBe(false)
    expect(page.metaDescription).toBeNull()
    expect(page.ogTitle).toBeNull()

    const unpublished = await db()
      .selectFrom('page')
      .select('slug')
      .where('isPublished', '=', false)
      .execute()
    expect(unpublished.map((p) => p.slug)).toEqual(['typed-page'])
  })

  it('keeps string page content a string', async () => {
    await db()
      .insertInto('page')
      .values({ slug: 'string-page', title: 'String', content: json('{"not":"an object"}') })
      .execute()
    const page = await db()
      .selectFrom('page')
      .selectAll()
      .where('slug', '=', 'string-page')
      .executeTakeFirstOrThrow()
    expect(page.content).toBe('{"not":"an object"}')
  })

  it('defaults page.isPublished to true', async () => {
    await db()
      .insertInto('page')
      .values({ slug: 'default-page', title: 'Default', content: json({}) })
      .execute()
    const page = await db()
      .selectFrom('page')
      .selectAll()
      .where('slug', '=', 'default-page')
      .executeTakeFirstOrThrow()
    expect(page.isPublished).toBe(true)
    expect(page.content).toEqual({})
  })

  it('round-trips a session: sess object and expire Date', async () => {
    const expire = new Date('2031-02-03T04:05:06.789Z')
    const sess = { cookie: { maxAge: 86_400_000, httpOnly: true }, userId: 7, roles: ['admin'] }
    await db()
      .insertInto('session')
      .values({ sid: 'sid-1', sess: json(sess), expire })
      .execute()
    const row = await db()
      .selectFrom('session')
      .selectAll()
      .where('sid', '=', 'sid-1')
      .executeTakeFirstOrThrow()
    expect(row.sess).toEqual(sess)
    expect(row.expire).toBeInstanceOf(Date)
    expect(row.expire.getTime()).toBe(expire.getTime())

    const expired = await db()
      .selectFrom('session')
      .select('sid')
      .where('expire', '<', new Date('2032-01-01T00:00:00Z'))
      .where('expire', '>', new Date('2030-01-01T00:00:00Z'))
      .execute()
    expect(expired).toEqual([{ sid: 'sid-1' }])
  })

  it('round-trips an admin user with defaults and a permissions array', async () => {
    await db()
      .insertInto('adminUser')
      .values({
        email: 'admin@example.com',
        passwordHash: 'scrypt$abc',
        firstName: null,
        lastName: null,
        permissions: json(['leads:read', 'pages:write']),
        lastLogin: null,
        passwordResetToken: null,
        passwordResetExpires: null,
      })
      .execute()
    const admin = await db()
      .selectFrom('adminUser')
      .selectAll()
      .where('email', '=', 'admin@example.com')
      .executeTakeFirstOrThrow()
    expect(admin.permissions).toEqual(['leads:read', 'pages:write'])
    expect(Array.isArray(admin.permissions)).toBe(true)
    expect(admin.role).toBe('admin')
    expect(admin.isActive).toBe(true)
    expect(admin.lastLogin).toBeNull()
    expect(admin.passwordResetExpires).toBeNull()
    expect(admin.createdAt).toBeInstanceOf(Date)
    expect(admin.updatedAt).toBeInstanceOf(Date)

    const lastLogin = new Date('2025-06-01T12:00:00.000Z')
    await db()
      .updateTable('adminUser')
      .set({ lastLogin, isActive: false, permissions: json(null) })
      .where('email', '=', 'admin@example.com')
      .execute()
    const updated = await db()
      .selectFrom('adminUser')
      .select(['lastLogin', 'isActive', 'permissions'])
      .where('email', '=', 'admin@example.com')
      .executeTakeFirstOrThrow()
    expect(updated.lastLogin).toBeInstanceOf(Date)
    expect(updated.lastLogin?.getTime()).toBe(lastLogin.getTime())
    expect(updated.isActive).toBe(false)
    expect(updated.permissions).toBeNull()
  })

  it('rejects a second admin user with the same email', async () => {
    const admin = {
      email: 'twice@example.com',
      passwordHash: 'x',
      firstName: null,
      lastName: null,
      permissions: null,
      lastLogin: null,
      passwordResetToken: null,
      passwordResetExpires: null,
    }
    await db().insertInto('adminUser').values(admin).execute()
    await expect(db().insertInto('adminUser').values(admin).execute()).rejects.toThrow()
  })

  it('round-trips a custom script with defaults', async () => {
    const script = '<script>window.dataLayer = window.dataLayer || [];</script>'
    const { id } = await db()
      .insertInto('customScript')
      .values({ name: 'Tag manager', position: 'head', script })
      .returning('id')
      .executeTakeFirstOrThrow()
    const row = await db()
      .selectFrom('customScript')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ name: 'Tag manager', position: 'head', script, isActive: true })
    expect(row.createdAt).toBeInstanceOf(Date)
    expect(row.updatedAt).toBeInstanceOf(Date)
  })

  it('round-trips a redirect with its defaults', async () => {
    const { id } = await db()
      .insertInto('redirect')
      .values({ name: 'Old home', fromUrl: '/old', toUrl: '/' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const row = await db().selectFrom('redirect').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      name: 'Old home',
      fromUrl: '/old',
      toUrl: '/',
      statusCode: 301,
      isRegex: false,
      isActive: true,
      hitCount: 0,
    })
    expect(typeof row.statusCode).toBe('number')
    expect(row.createdAt).toBeInstanceOf(Date)

    await db()
      .updateTable('redirect')
      .set((eb) => ({ hitCount: eb('hitCount', '+', 1) }))
      .where('id', '=', id)
      .execute()
    const hit = await db()
      .selectFrom('redirect')
      .select('hitCount')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(hit.hitCount).toBe(1)
  })

  it('accepts a 302 regex redirect', async () => {
    const { id } = await db()
      .insertInto('redirect')
      .values({ name: 'Regex', fromUrl: '^/blog/(.*)$', toUrl: '/evidence', statusCode: 302, isRegex: true })
      .returning('id')
      .executeTakeFirstOrThrow()
    const row = await db().selectFrom('redirect').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ statusCode: 302, isRegex: true, isActive: true })
  })

  it('defaults a site setting category to general', async () => {
    await db()
      .insertInto('siteSetting')
      .values({ key: 'phone_number', value: '0800 000 000', description: null })
      .execute()
    const row = await db()
      .selectFrom('siteSetting')
      .selectAll()
      .where('key', '=', 'phone_number')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      key: 'phone_number',
      value: '0800 000 000',
      category: 'general',
      description: null,
    })
    expect(row.updatedAt).toBeInstanceOf(Date)
  })

  it('enforces a unique page slug', async () => {
    const before = await countRows('page')
    await expect(
      db()
        .insertInto('page')
        .values({ slug: 'home', title: 'Second home', content: json('') })
        .execute(),
    ).rejects.toThrow()
    expect(await countRows('page')).toBe(before)
    const home = await db()
      .selectFrom('page')
      .select('title')
      .where('slug', '=', 'home')
      .executeTakeFirstOrThrow()
    expect(home.title).toBe(systemPages[0].title)
  })

  it('enforces a unique setting key', async () => {
    await db()
      .insertInto('siteSetting')
      .values({ key: 'unique_key', value: 'one', description: null })
      .execute()
    await expect(
      db().insertInto('siteSetting').values({ key: 'unique_key', value: 'two', description: null }).execute(),
    ).rejects.toThrow()
    const rows = await db()
      .selectFrom('siteSetting')
      .select('value')
      .where('key', '=', 'unique_key')
      .execute()
    expect(rows).toEqual([{ value: 'one' }])
  })

  it('refuses a redirect status other than 301 or 302', async () => {
    for (const statusCode of [307, 308, 200, 0]) {
      await expect(
        db()
          .insertInto('redirect')
          .values({ name: `bad ${statusCode}`, fromUrl: '/a', toUrl: '/b', statusCode })
          .execute(),
        `status ${statusCode}`,
      ).rejects.toThrow()
    }
    const bad = await db().selectFrom('redirect').select('id').where('name', 'like', 'bad %').execute()
    expect(bad).toEqual([])
  })

  it("refuses a custom script position other than 'head' or 'body'", async () => {
    for (const position of ['footer', 'HEAD', '']) {
      await expect(
        db()
          .insertInto('customScript')
          .values({ name: `bad ${position}`, position: position as 'head', script: 'x' })
          .execute(),
        `position '${position}'`,
      ).rejects.toThrow()
    }
    const bad = await db().selectFrom('customScript').select('id').where('name', 'like', 'bad%').execute()
    expect(bad).toEqual([])
  })

  it('refuses an eligibility response for a lead that does not exist', async () => {
    await expect(
      db()
        .insertInto('eligibilityResponse')
        .values({
          leadId: 987_654,
          hadPcpFinance: true,
          purchaseDateRange: '2011-2014',
          loanAmount: 15000,
          dealerDisclosedCommission: false,
          commissionDisclosure: 'no',
          isEligible: true,
          estimatedClaim: 2500,
        })
        .execute(),
    ).rejects.toThrow()
  })

  it('cascades deleting a lead to its eligibility response', async () => {
    const kept = await insertLead('kept@example.com')
    const doomed = await insertLead('doomed@example.com')
    const response = (leadId: number) => ({
      leadId,
      hadPcpFinance: true,
      purchaseDateRange: '2011-2014',
      loanAmount: 15000,
      dealerDisclosedCommission: false,
      commissionDisclosure: 'unclear',
      isEligible: true,
      estimatedClaim: 2500,
    })
    await db()
      .insertInto('eligibilityResponse')
      .values([response(kept.id), response(doomed.id)])
      .execute()
    const stored = await db()
      .selectFrom('eligibilityResponse')
      .selectAll()
      .where('leadId', '=', doomed.id)
      .executeTakeFirstOrThrow()
    expect(stored).toMatchObject({ hadPcpFinance: true, dealerDisclosedCommission: false, isEligible: true })
    expect(stored.createdAt).toBeInstanceOf(Date)

    const before = await countRows('eligibilityResponse')
    await db().deleteFrom('lead').where('id', '=', doomed.id).execute()
    expect(await countRows('eligibilityResponse')).toBe(before - 1)
    const left = await db()
      .selectFrom('eligibilityResponse')
      .select('leadId')
      .where('leadId', 'in', [kept.id, doomed.id])
      .execute()
    expect(left).toEqual([{ leadId: kept.id }])
  })

  it('seeds the system pages, published, with titles and meta descriptions', async () => {
    const pages = await db()
      .selectFrom('page')
      .selectAll()
      .where('slug', 'in', ['home', 'privacy-policy', 'evidence', 'cookie-policy'])
      .orderBy('id')
      .execute()
    expect(pages.map((p) => p.slug)).toEqual(['home', 'privacy-policy', 'evidence', 'cookie-policy'])
    for (const page of pages) {
      expect(page.isPublished, page.slug).toBe(true)
      expect(page.title.trim().length, page.slug).toBeGreaterThan(10)
      expect(page.metaDescription?.trim().length ?? 0, page.slug).toBeGreaterThan(50)
      expect(page.ogTitle?.trim().length ?? 0, page.slug).toBeGreaterThan(0)
      expect(page.ogDescription?.trim().length ?? 0, page.slug).toBeGreaterThan(0)
      // Built from blocks, as shipped (docs/decisions/0075-system-pages-from-blocks.md).
      expect(page.content, page.slug).toEqual(systemPageContent[page.slug as keyof typeof systemPageContent])
    }
    expect(pages[0]?.title).toMatch(/car finance/i)
  })

  it("seeds robots_txt as exactly 'User-agent: *\\nDisallow: /'", async () => {
    const row = await db()
      .selectFrom('siteSetting')
      .selectAll()
      .where('key', '=', 'robots_txt')
      .executeTakeFirstOrThrow()
    expect(row.value).toBe('User-agent: *\nDisallow: /')
    expect(row.category).toBe('seo')
  })

  it("seeds a 'thank-you' setting holding JSON with title and metaDescription", async () => {
    const row = await db()
      .selectFrom('siteSetting')
      .selectAll()
      .where('key', '=', 'thank-you')
      .executeTakeFirstOrThrow()
    const value = JSON.parse(row.value ?? 'null')
    expect(typeof value.title).toBe('string')
    expect(value.title).toMatch(/thank you/i)
    expect(typeof value.metaDescription).toBe('string')
    expect(value.metaDescription.length).toBeGreaterThan(20)
  })

  it('seeds idempotently and never overwrites an edited value', async () => {
    await db()
      .updateTable('siteSetting')
      .set({ value: 'User-agent: *\nAllow: /' })
      .where('key', '=', 'robots_txt')
      .execute()
    await db().updateTable('page').set({ title: 'Edited title' }).where('slug', '=', 'evidence').execute()
    await db().deleteFrom('page').where('slug', '=', 'cookie-policy').execute()
    const pagesBefore = await countRows('page')
    const settingsBefore = await countRows('siteSetting')

    await seed(db())
    // The deleted system page comes back; nothing else is added.
    expect(await countRows('page')).toBe(pagesBefore + 1)
    expect(await countRows('siteSetting')).toBe(settingsBefore)
    await seed(db())
    expect(await countRows('page')).toBe(pagesBefore + 1)
    expect(await countRows('siteSetting')).toBe(settingsBefore)

    const robots = await db()
      .selectFrom('siteSetting')
      .select('value')
      .where('key', '=', 'robots_txt')
      .executeTakeFirstOrThrow()
    expect(robots.value).toBe('User-agent: *\nAllow: /')
    const evidence = await db()
      .selectFrom('page')
      .select('title')
      .where('slug', '=', 'evidence')
      .executeTakeFirstOrThrow()
    expect(evidence.title).toBe('Edited title')
    const cookie = await db()
      .selectFrom('page')
      .select(['title', 'isPublished'])
      .where('slug', '=', 'cookie-policy')
      .executeTakeFirstOrThrow()
    expect(cookie).toEqual({ title: systemPages[3].title, isPublished: true })
  })

  it('runs migrateToLatest again as a no-op', async () => {
    const applied = async () =>
      (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db)).rows
    const migrationsBefore = await applied()
    expect(migrationsBefore[0]).toEqual({ name: '0001_initial' })
    const tablesBefore = (await db().introspection.getTables()).map((t) => t.name).sort()
    const pagesBefore = await countRows('page')
    const leadsBefore = await countRows('lead')
    await migrateToLatest(database.db.withoutPlugins(), database.dialect)
    await migrateToLatest(database.db.withoutPlugins(), database.dialect)
    expect(await applied()).toEqual(migrationsBefore)
    expect((await db().introspection.getTables()).map((t) => t.name).sort()).toEqual(tablesBefore)
    expect(await countRows('page')).toBe(pagesBefore)
    expect(await countRows('lead')).toBe(leadsBefore)
  })
})

describe(`seeding a fresh database twice on ${testDialect}`, () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase()
    await migrateToLatest(database.db.withoutPlugins(), database.dialect)
  })
  afterAll(async () => {
    await database?.destroy()
  })

  it('gives the same rows after one seed and after two', async () => {
    const snapshot = async () => ({
      pages: await database.db
        .selectFrom('page')
        .select(['slug', 'title', 'isPublished'])
        .orderBy('slug')
        .execute(),
      settings: await database.db
        .selectFrom('siteSetting')
        .select(['key', 'value', 'category'])
        .orderBy('key')
        .execute(),
    })
    await seed(database.db)
    const once = await snapshot()
    await seed(database.db)
    const twice = await snapshot()
    expect(twice).toEqual(once)
    expect(once.pages.map((p) => p.slug)).toEqual([
      'cookie-policy',
      'evidence',
      'home',
      'privacy-policy',
      'thank-you',
    ])
    expect(once.settings.map((s) => s.key)).toEqual([
      'partner_name',
      'robots_txt',
      'scheme_status',
      'site_title',
      'thank-you',
    ])
  })
})

describe(`descriptions of the first seed on ${testDialect}`, () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase()
    await migrateToLatest(database.db.withoutPlugins(), database.dialect)
    await seed(database.db)
  })
  afterAll(async () => {
    await database?.destroy()
  })

  it('shortens the first seed’s long descriptions and leaves an operator’s own text alone', async () => {
    const [home, evidence] = replacedDescriptions
    if (!home || !evidence) throw new Error('the migration lists both pages')
    await database.db
      .updateTable('page')
      .set({ metaDescription: home.from })
      .where('slug', '=', 'home')
      .execute()
    await database.db
      .updateTable('page')
      .set({ metaDescription: 'Our own words.' })
      .where('slug', '=', 'evidence')
      .execute()
    await shorterDescriptions().up(database.db.withoutPlugins())
    const rows = await database.db
      .selectFrom('page')
      .select(['slug', 'metaDescription'])
      .orderBy('slug')
      .execute()
    expect(rows.find((r) => r.slug === 'home')?.metaDescription).toBe(home.to)
    expect(rows.find((r) => r.slug === 'evidence')?.metaDescription).toBe('Our own words.')
    for (const { to } of replacedDescriptions) expect(to.length).toBeLessThanOrEqual(160)
    expect(systemPages.find((p) => p.slug === 'home')?.metaDescription).toBe(home.to)
    expect(systemPages.find((p) => p.slug === 'evidence')?.metaDescription).toBe(evidence.to)
  })
})
