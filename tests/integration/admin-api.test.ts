import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { previousMonthStart } from '../../core/lead-stats.ts'
import { systemPageSlugs } from '../../core/paths.ts'
import { londonDay } from '../../core/revenue.ts'
import { audit, type NewLead } from '../../server/platform/index.ts'
import { type AdminClient, createSignedInAdmin, DEFAULT_PASSWORD, signIn } from '../support/admin-client.ts'
import { created, expectError, ok, type Row } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

// The spec's own list (SPEC section 2), not the app's: the test must not check the code against itself.
const systemSlugs = systemPageSlugs
const NOT_JSON = { message: 'Request body is not valid JSON' }

describe(`admin pages API on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  const pageIdBySlug = new Map<string, number>()

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
    const list = (await (await admin.get('/api/admin/pages')).json()) as Row[]
    for (const page of list) pageIdBySlug.set(page.slug as string, page.id as number)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('lists the seeded system pages, marked as such', async () => {
    const list = (await ok(await admin.get('/api/admin/pages'))) as unknown as Row[]
    const system = list.filter((p) => p.isSystem).map((p) => p.slug)
    expect(system.sort()).toEqual([...systemSlugs].sort())
  })

  it('refuses a blank or missing title', async () => {
    await expectError(
      await admin.post('/api/admin/pages', { title: '   ', slug: 'no-title' }),
      400,
      'Please enter a page title',
    )
    await expectError(
      await admin.post('/api/admin/pages', { slug: 'no-title' }),
      400,
      'Please enter a page title',
    )
    await expectError(
      await admin.put(`/api/admin/pages/${pageIdBySlug.get('home')}`, { title: '' }),
      400,
      'Please enter a page title',
    )
  })

  it('refuses a blank or missing slug', async () => {
    await expectError(
      await admin.post('/api/admin/pages', { title: 'No slug', slug: '  ' }),
      400,
      'Please enter a URL slug',
    )
    await expectError(
      await admin.post('/api/admin/pages', { title: 'No slug' }),
      400,
      'Please enter a URL slug',
    )
  })

  it('refuses a slug another page has, on create and on update', async () => {
    const first = await created(await admin.post('/api/admin/pages', { title: 'First', slug: 'taken-slug' }))
    await expectError(
      await admin.post('/api/admin/pages', { title: 'Second', slug: 'taken-slug' }),
      409,
      'A page with this URL slug already exists',
    )
    // Slugs are trimmed and lower-cased before the check.
    await expectError(
      await admin.post('/api/admin/pages', { title: 'Second', slug: ' Taken-Slug ' }),
      409,
      'A page with this URL slug already exists',
    )
    const second = await created(
      await admin.post('/api/admin/pages', { title: 'Second', slug: 'other-slug' }),
    )
    await expectError(
      await admin.put(`/api/admin/pages/${second.id}`, { slug: 'taken-slug' }),
      409,
      'A page with this URL slug already exists',
    )
    const stored = await app.database.db
      .selectFrom('page')
      .select('slug')
      .where('slug', '=', 'taken-slug')
      .execute()
    expect(stored).toHaveLength(1)
    expect(first.slug).toBe('taken-slug')
  })

  it.each(systemSlugs)('will not delete the system page %s', async (slug) => {
    const id = pageIdBySlug.get(slug)
    expect(id).toBeTypeOf('number')
    await expectError(await admin.del(`/api/admin/pages/${id}`), 409, 'System pages cannot be deleted')
    expect((await app.request(`/api/pages/${slug}`)).status).toBe(200)
  })

  it.each(systemSlugs)('keeps the slug of the system page %s', async (slug) => {
    const id = pageIdBySlug.get(slug)
    await expectError(
      await admin.put(`/api/admin/pages/${id}`, { slug: `${slug}-renamed` }),
      409,
      'System pages keep their URL slug',
    )
    const page = await ok(await admin.get(`/api/admin/pages/${id}`))
    expect(page.slug).toBe(slug)
  })

  it('updates the other fields of a system page, and accepts its own slug unchanged', async () => {
    const id = pageIdBySlug.get('evidence')
    const updated = await ok(
      await admin.put(`/api/admin/pages/${id}`, {
        slug: 'evidence',
        title: 'Evidence, revised',
        metaDescription: 'New description',
      }),
    )
    expect(updated).toMatchObject({
      id,
      slug: 'evidence',
      title: 'Evidence, revised',
      metaDescription: 'New description',
      isSystem: true,
    })
    const publicPage = (await (await app.request('/api/pages/evidence')).json()) as Row
    expect(publicPage.title).toBe('Evidence, revised')
  })

  it('creates a page unpublished unless told otherwise', async () => {
    const page = await created(await admin.post('/api/admin/pages', { title: 'Draft', slug: 'draft-page' }))
    expect(page).toMatchObject({ title: 'Draft', slug: 'draft-page', isPublished: false, isSystem: false })
    expect(typeof page.id).toBe('number')
    const again = await ok(await admin.get(`/api/admin/pages/${page.id}`))
    expect(again.isPublished).toBe(false)
  })

  it('accepts a bare {isPublished:false} and leaves every other field alone', async () => {
    const page = await created(
      await admin.post('/api/admin/pages', {
        title: 'Published',
        slug: 'published-page',
        metaDescription: 'Kept',
        content: '<p>Kept</p>',
        isPublished: true,
      }),
    )
    expect(page.isPublished).toBe(true)
    const updated = await ok(await admin.put(`/api/admin/pages/${page.id}`, { isPublished: false }))
    expect(updated).toMatchObject({
      id: page.id,
      title: 'Published',
      slug: 'published-page',
      metaDescription: 'Kept',
      content: '<p>Kept</p>',
      isPublished: false,
    })
    expect(new Date(updated.updatedAt as string).getTime()).toBeGreaterThanOrEqual(
      new Date(page.updatedAt as string).getTime(),
    )
  })

  it('refuses an update that changes nothing', async () => {
    await expectError(
      await admin.put(`/api/admin/pages/${pageIdBySlug.get('home')}`, {}),
      400,
      'Nothing to update',
    )
  })

  it('round-trips content given as an HTML string', async () => {
    const html = '<h2>Heading</h2>\n<p>Body with &amp; “quotes” and émoji 🚗</p>'
    const page = await created(
      await admin.post('/api/admin/pages', { title: 'HTML', slug: 'html-content', content: html }),
    )
    expect(page.content).toBe(html)
    expect((await ok(await admin.get(`/api/admin/pages/${page.id}`))).content).toBe(html)
  })

  it('round-trips content given as an object', async () => {
    const content = {
      blocks: [
        { type: 'paragraph', text: 'Hello' },
        { type: 'list', items: ['a', 'b'] },
      ],
      v: 2,
    }
    const page = await created(
      await admin.post('/api/admin/pages', { title: 'Object', slug: 'object-content', content }),
    )
    expect(page.content).toEqual(content)
    expect((await ok(await admin.get(`/api/admin/pages/${page.id}`))).content).toEqual(content)
    const replaced = await ok(await admin.put(`/api/admin/pages/${page.id}`, { content: '<p>Now HTML</p>' }))
    expect(replaced.content).toBe('<p>Now HTML</p>')
  })

  it('ignores id, createdAt and other fields it does not accept', async () => {
    const page = await created(
      await admin.post('/api/admin/pages', {
        id: 424242,
        title: 'Sneaky',
        slug: 'sneaky-page',
        isSystem: true,
        createdAt: '2000-01-01T00:00:00.000Z',
      }),
    )
    expect(page.id).not.toBe(424242)
    expect(page.isSystem).toBe(false)
    expect(Date.now() - new Date(page.createdAt as string).getTime()).toBeLessThan(60_000)
    // Deletable, since it is not a system page after all.
    expect(await ok(await admin.del(`/api/admin/pages/${page.id}`))).toEqual({
      message: 'Page deleted',
      id: page.id,
    })
    await expectError(await admin.get(`/api/admin/pages/${page.id}`), 404, 'Page not found')
  })

  it.each([
    ['GET', '/api/admin/pages/999999'],
    ['PUT', '/api/admin/pages/999999'],
    ['DELETE', '/api/admin/pages/999999'],
    ['GET', '/api/admin/pages/abc'],
    ['PUT', '/api/admin/pages/abc'],
    ['DELETE', '/api/admin/pages/abc'],
    ['GET', '/api/admin/pages/0'],
    ['GET', '/api/admin/pages/-1'],
    ['GET', '/api/admin/pages/1.5'],
    ['GET', '/api/admin/pages/1e3'],
  ])('%s %s answers 404', async (method, pathname) => {
    const response =
      method === 'PUT'
        ? await admin.put(pathname, { title: 'Whatever' })
        : await admin.request(pathname, { method })
    await expectError(response, 404, 'Page not found')
  })

  it('answers 400 {message} for malformed JSON, a non-JSON body and a JSON array', async () => {
    const id = pageIdBySlug.get('home')
    const malformed = '{"title": "Broken",'
    await expectError(await admin.post('/api/admin/pages', malformed), 400, NOT_JSON.message)
    await expectError(await admin.put(`/api/admin/pages/${id}`, malformed), 400, NOT_JSON.message)
    await expectError(await admin.post('/api/admin/redirects', '{nope}'), 400, NOT_JSON.message)
    await expectError(
      await admin.request('/api/admin/pages', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'title=x',
      }),
      400,
      'Request body must be JSON',
    )
    await expectError(
      await admin.post('/api/admin/pages', '[1,2]'),
      400,
      'Request body must be a JSON object',
    )
  })
})

describe(`admin redirects, scripts and settings API on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('creates a redirect with status 301 unless told otherwise', async () => {
    const redirect = await created(
      await admin.post('/api/admin/redirects', { name: 'Old', fromUrl: '/old', toUrl: '/new' }),
    )
    expect(redirect).toMatchObject({
      name: 'Old',
      fromUrl: '/old',
      toUrl: '/new',
      statusCode: 301,
      isRegex: false,
      isActive: true,
      hitCount: 0,
    })
    const temporary = await created(
      await admin.post('/api/admin/redirects', { name: 'Tmp', fromUrl: '/tmp', toUrl: '/', statusCode: 302 }),
    )
    expect(temporary.statusCode).toBe(302)
  })

  it.each([307, 308, 200, '301'])('refuses status code %s', async (statusCode) => {
    await expectError(
      await admin.post('/api/admin/redirects', { name: 'Bad', fromUrl: '/bad', toUrl: '/', statusCode }),
      400,
      'Status code must be 301 or 302',
    )
  })

  it('refuses a regex redirect whose pattern does not compile, on create and on update', async () => {
    await expectError(
      await admin.post('/api/admin/redirects', {
        name: 'Regex',
        fromUrl: '^/blog/(.*',
        toUrl: '/',
        isRegex: true,
      }),
      400,
      /^The From URL pattern cannot be used/,
    )
    const good = await created(
      await admin.post('/api/admin/redirects', {
        name: 'Regex',
        fromUrl: '^/blog/(.*)$',
        toUrl: '/articles/$1',
        isRegex: true,
      }),
    )
    await expectError(
      await admin.put(`/api/admin/redirects/${good.id}`, { fromUrl: '[unclosed' }),
      400,
      /^The From URL pattern cannot be used/,
    )
  })

  it('refuses a plain redirect that does not start with / or points to itself', async () => {
    await expectError(
      await admin.post('/api/admin/redirects', { name: 'X', fromUrl: 'old', toUrl: '/' }),
      400,
      'The From URL must be a path starting with /',
    )
    await expectError(
      await admin.post('/api/admin/redirects', { name: 'X', fromUrl: '/loop', toUrl: '/loop' }),
      409,
      'This redirect would create a loop: /loop → /loop',
    )
  })

  it('ignores id, hitCount and createdAt in the input', async () => {
    const redirect = await created(
      await admin.post('/api/admin/redirects', {
        id: 777777,
        name: 'Counted',
        fromUrl: '/counted',
        toUrl: '/',
        hitCount: 99,
        createdAt: '2000-01-01T00:00:00.000Z',
      }),
    )
    expect(redirect.id).not.toBe(777777)
    expect(redirect.hitCount).toBe(0)
    expect(Date.now() - new Date(redirect.createdAt as string).getTime()).toBeLessThan(60_000)

    await expectError(
      await admin.put(`/api/admin/redirects/${redirect.id}`, { hitCount: 500 }),
      400,
      'Nothing to update',
    )
    const renamed = await ok(
      await admin.put(`/api/admin/redirects/${redirect.id}`, { name: 'Renamed', hitCount: 500 }),
    )
    expect(renamed).toMatchObject({ id: redirect.id, name: 'Renamed', hitCount: 0 })
    const row = await app.database.db
      .selectFrom('redirect')
      .select('hitCount')
      .where('id', '=', redirect.id as number)
      .executeTakeFirstOrThrow()
    expect(row.hitCount).toBe(0)
  })

  it('accepts a bare {isActive:false} for a redirect', async () => {
    const redirect = await created(
      await admin.post('/api/admin/redirects', {
        name: 'Toggle',
        fromUrl: '/toggle',
        toUrl: '/x',
        statusCode: 302,
      }),
    )
    const updated = await ok(await admin.put(`/api/admin/redirects/${redirect.id}`, { isActive: false }))
    expect(updated).toMatchObject({
      id: redirect.id,
      name: 'Toggle',
      fromUrl: '/toggle',
      toUrl: '/x',
      statusCode: 302,
      isActive: false,
    })
    expect((await ok(await admin.get(`/api/admin/redirects/${redirect.id}`))).isActive).toBe(false)
  })

  it('creates a script in head or body, refuses any other position', async () => {
    const script = await created(
      await admin.post('/api/admin/scripts', {
        name: 'Tag',
        position: 'head',
        script: '<script>1</script>',
        consentCategory: 'none',
      }),
    )
    expect(script).toMatchObject({
      name: 'Tag',
      position: 'head',
      script: '<script>1</script>',
      isActive: true,
    })
    await expectError(
      await admin.post('/api/admin/scripts', {
        name: 'Tag',
        position: 'footer',
        script: '<script>1</script>',
        consentCategory: 'none',
      }),
      400,
      'Position must be head or body',
    )
    await expectError(
      await admin.put(`/api/admin/scripts/${script.id}`, { position: 'footer' }),
      400,
      'Position must be head or body',
    )
    await expectError(
      await admin.post('/api/admin/scripts', {
        name: ' ',
        position: 'body',
        script: '<script>1</script>',
        consentCategory: 'none',
      }),
      400,
      'Name is required',
    )
  })

  it('accepts a bare {isActive:false} for a script', async () => {
    const script = await created(
      await admin.post('/api/admin/scripts', {
        name: 'Pixel',
        position: 'body',
        script: '<script>track()</script>',
        consentCategory: 'marketing',
      }),
    )
    const updated = await ok(await admin.put(`/api/admin/scripts/${script.id}`, { isActive: false }))
    expect(updated).toMatchObject({
      id: script.id,
      name: 'Pixel',
      position: 'body',
      script: '<script>track()</script>',
      isActive: false,
    })
    const list = (await ok(await admin.get('/api/admin/scripts'))) as unknown as Row[]
    expect(list.find((s) => s.id === script.id)?.isActive).toBe(false)
  })

  it('deletes a script and a redirect, then answers 404 for them', async () => {
    const script = await created(
      await admin.post('/api/admin/scripts', {
        name: 'Gone',
        position: 'body',
        script: '<script>x</script>',
        consentCategory: 'none',
      }),
    )
    expect(await ok(await admin.del(`/api/admin/scripts/${script.id}`))).toEqual({
      message: 'Script deleted',
      id: script.id,
    })
    await expectError(await admin.get(`/api/admin/scripts/${script.id}`), 404, 'Script not found')
    const redirect = await created(
      await admin.post('/api/admin/redirects', { name: 'Gone', fromUrl: '/gone', toUrl: '/' }),
    )
    expect(await ok(await admin.del(`/api/admin/redirects/${redirect.id}`))).toEqual({
      message: 'Redirect deleted',
      id: redirect.id,
    })
    await expectError(await admin.del(`/api/admin/redirects/${redirect.id}`), 404, 'Redirect not found')
  })

  it.each([
    ['scripts', 'Script'],
    ['redirects', 'Redirect'],
  ])('answers 404 for unknown and non-numeric %s ids', async (area, label) => {
    for (const id of ['999999', 'abc', '0', '12abc']) {
      await expectError(await admin.get(`/api/admin/${area}/${id}`), 404, `${label} not found`)
      await expectError(
        await admin.put(`/api/admin/${area}/${id}`, { isActive: true }),
        404,
        `${label} not found`,
      )
      await expectError(await admin.del(`/api/admin/${area}/${id}`), 404, `${label} not found`)
    }
  })

  it('upserts a setting and lists the new value', async () => {
    const first = await ok(await admin.post('/api/admin/settings', { key: 'site_title', value: 'New title' }))
    expect(first).toMatchObject({ key: 'site_title', value: 'New title' })
    const second = await ok(
      await admin.post('/api/admin/settings', { key: 'site_title', value: 'Newer title' }),
    )
    expect(second).toMatchObject({ id: first.id, key: 'site_title', value: 'Newer title' })
    const fresh = await ok(await admin.post('/api/admin/settings', { key: 'brand-new_key', value: null }))
    expect(fresh).toMatchObject({ key: 'brand-new_key', value: null })

    const list = (await ok(await admin.get('/api/admin/settings'))) as unknown as Row[]
    expect(list.filter((s) => s.key === 'site_title')).toEqual([
      expect.objectContaining({ value: 'Newer title' }),
    ])
    expect(list.find((s) => s.key === 'brand-new_key')).toMatchObject({ value: null })
    const keys = list.map((s) => s.key as string)
    expect(keys).toEqual([...keys].sort())
  })

  it('refuses a setting key outside [a-z0-9_-] and a non-text value', async () => {
    await expectError(
      await admin.post('/api/admin/settings', { key: 'Bad Key', value: 'x' }),
      400,
      'Setting key may contain only lowercase letters, numbers, _ and -',
    )
    await expectError(
      await admin.post('/api/admin/settings', { key: '', value: 'x' }),
      400,
      'Setting key is required',
    )
    await expectError(
      await admin.post('/api/admin/settings', { key: 'numeric', value: 5 }),
      400,
      'Setting value must be text',
    )
  })
})

describe(`admin users API on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin', email: 'owner@example.test' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('creates an editor who can then sign in, and never shows a password hash', async () => {
    const response = await admin.post('/api/admin/users', {
      email: ' New.Editor@Example.test ',
      password: DEFAULT_PASSWORD,
      firstName: 'New',
      lastName: 'Editor',
      role: 'editor',
    })
    const text = await response.clone().text()
    const user = await created(response)
    expect(user).toMatchObject({
      email: 'new.editor@example.test',
      firstName: 'New',
      lastName: 'Editor',
      role: 'editor',
      isActive: true,
      effectivePermissions: ['pages', 'redirects'],
    })
    expect(text).not.toMatch(/passwordHash|argon2/i)
    await signIn(app, 'new.editor@example.test', DEFAULT_PASSWORD)

    const list = await admin.get('/api/admin/users')
    const listText = await list.clone().text()
    expect(listText).not.toMatch(/passwordHash|argon2|passwordReset/i)
    const rows = (await ok(list)) as unknown as Row[]
    expect(rows.map((r) => r.email)).toEqual(['owner@example.test', 'new.editor@example.test'])
  })

  it('makes an editor when no role is given', async () => {
    const user = await created(
      await admin.post('/api/admin/users', {
        email: 'default-role@example.test',
        password: DEFAULT_PASSWORD,
      }),
    )
    expect(user.role).toBe('editor')
  })

  it('refuses an email another admin has, whatever its case', async () => {
    for (const email of ['owner@example.test', 'OWNER@example.test', ' owner@EXAMPLE.test']) {
      await expectError(
        await admin.post('/api/admin/users', { email, password: DEFAULT_PASSWORD }),
        409,
        'An admin with this email already exists',
      )
    }
  })

  it('refuses a password shorter than 12 characters or common, a bad email and an unknown role', async () => {
    await expectError(
      await admin.post('/api/admin/users', { email: 'short@example.test', password: '1234567' }),
      400,
      'Use at least 12 characters',
    )
    await expectError(
      await admin.post('/api/admin/users', { email: 'short@example.test', password: '123456789012' }),
      400,
      'This password is too common; choose another',
    )
    await expectError(
      await admin.post('/api/admin/users', { email: 'not-an-email', password: DEFAULT_PASSWORD }),
      400,
      'Please enter a valid email address',
    )
    await expectError(
      await admin.post('/api/admin/users', {
        email: 'root@example.test',
        password: DEFAULT_PASSWORD,
        role: 'superuser',
      }),
      400,
      'Role must be admin or editor',
    )
    const stored = await app.database.db
      .selectFrom('adminUser')
      .select('email')
      .where('email', 'in', ['short@example.test', 'root@example.test'])
      .execute()
    expect(stored).toEqual([])
  })

  it('will not let an admin deactivate or demote themselves', async () => {
    await expectError(
      await admin.put(`/api/admin/users/${admin.id}`, { isActive: false }),
      409,
      'You cannot remove your own admin access',
    )
    await expectError(
      await admin.put(`/api/admin/users/${admin.id}`, { role: 'editor' }),
      409,
      'You cannot remove your own admin access',
    )
    const me = await ok(await admin.get('/api/auth/user'))
    expect(me).toMatchObject({ id: admin.id, role: 'admin' })
    // Other changes to oneself are fine.
    expect(await ok(await admin.put(`/api/admin/users/${admin.id}`, { firstName: 'Owner' }))).toMatchObject({
      firstName: 'Owner',
      role: 'admin',
      isActive: true,
    })
  })

  it('lets only an admin demote or deactivate an admin, so the last one keeps their access', async () => {
    // An editor granted 'users' manages editors, never an admin (ADR 0023).
    const manager = await createSignedInAdmin(app, { role: 'editor', permissions: ['users'] })
    for (const change of [{ role: 'editor' }, { isActive: false }]) {
      await expectError(
        await manager.put(`/api/admin/users/${admin.id}`, change),
        403,
        'Only an admin can change the role, permissions or status of a user with admin access',
      )
    }
    expect(await ok(await admin.get('/api/auth/user'))).toMatchObject({ role: 'admin' })

    // With a second active admin, an admin may demote either of the others.
    const second = await created(
      await admin.post('/api/admin/users', {
        email: 'second@example.test',
        password: DEFAULT_PASSWORD,
        role: 'admin',
      }),
    )
    await expectError(await manager.put(`/api/admin/users/${second.id}`, { role: 'editor' }), 403)
    expect(await ok(await admin.put(`/api/admin/users/${second.id}`, { role: 'editor' }))).toMatchObject({
      role: 'editor',
    })
  })

  it('answers 404 for unknown and non-numeric user ids', async () => {
    for (const id of ['999999', 'abc']) {
      await expectError(
        await admin.put(`/api/admin/users/${id}`, { firstName: 'Nobody' }),
        404,
        'Admin user not found',
      )
    }
  })
})

type SampleLead = Omit<NewLead, 'reference'>

const janeSmith: SampleLead = {
  firstName: 'Jane',
  lastName: 'Smith',
  email: 'jane.smith@example.org',
  phone: '07700900111',
  carDetails: 'FORD Fiesta 2015',
  hasConsent: true,
}

const otherLeads: SampleLead[] = [
  {
    firstName: 'Oliver',
    lastName: 'Brown',
    email: 'oliver.brown@example.org',
    phone: '07700900222',
    carDetails: 'Vauxhall Corsa, 100% financed',
    hasConsent: true,
  },
  {
    firstName: 'Amelia',
    lastName: 'Jones',
    email: 'amelia.jones@example.org',
    phone: '07700900333',
    carDetails: 'BMW model_3 touring',
    hasConsent: false,
  },
  {
    firstName: 'Harry',
    lastName: 'Taylor',
    email: 'harry.taylor@example.org',
    phone: '07700900444',
    carDetails: 'Audi A3 100 financed, model 3',
    hasConsent: true,
  },
  {
    firstName: 'Isla',
    lastName: 'Smithers',
    email: 'isla.smithers@example.org',
    phone: '07700900555',
    carDetails: null,
    hasConsent: true,
  },
]

describe(`lead list and audit log on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  const allLeads = [janeSmith, ...otherLeads]

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
    // Oldest first, a minute apart, so the newest is the last one here.
    const start = Date.now() - 60 * 60_000
    for (const [i, lead] of allLeads.entries()) {
      await app.database.db
        .insertInto('lead')
        .values({ ...lead, reference: randomUUID(), createdAt: new Date(start + i * 60_000) })
        .execute()
    }
  })
  afterAll(async () => {
    await app?.close()
  })

  const names = (rows: Row[]) => rows.map((r) => `${r.firstName} ${r.lastName}`)

  it('answers an array, newest first, without paging parameters', async () => {
    const response = await admin.get('/api/leads')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await ok(response)) as unknown
    expect(Array.isArray(body)).toBe(true)
    const rows = body as Row[]
    expect(names(rows)).toEqual(names([...allLeads].reverse() as unknown as Row[]))
    expect(rows[4]).toMatchObject({
      firstName: 'Jane',
      lastName: 'Smith',
      email: 'jane.smith@example.org',
      phone: '07700900111',
      carDetails: 'FORD Fiesta 2015',
      hasConsent: true,
    })
  })

  it('answers {items,total} with page and pageSize', async () => {
    const first = await ok(await admin.get('/api/leads?page=1&pageSize=2'))
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 })
    expect(names(first.items as Row[])).toEqual(['Isla Smithers', 'Harry Taylor'])
    const last = await ok(await admin.get('/api/leads?page=3&pageSize=2'))
    expect(last).toMatchObject({ total: 5, page: 3 })
    expect(names(last.items as Row[])).toEqual(['Jane Smith'])
    const searched = await ok(await admin.get('/api/leads?q=smith&page=1&pageSize=1'))
    expect(searched.total).toBe(2)
    expect(names(searched.items as Row[])).toEqual(['Isla Smithers'])
  })

  it('refuses bad paging parameters', async () => {
    await expectError(await admin.get('/api/leads?page=0'), 400, 'page must be 1 or more')
    await expectError(await admin.get('/api/leads?pageSize=500'), 400, 'pageSize must be between 1 and 200')
  })

  it.each([
    ['jane smi', ['Jane Smith']],
    ['JANE SMITH', ['Jane Smith']],
    ['smith', ['Isla Smithers', 'Jane Smith']],
    ['ford fiesta', ['Jane Smith']],
    ['fIeStA', ['Jane Smith']],
    ['corsa', ['Oliver Brown']],
    ['nobody at all', []],
  ])('q=%s matches the full name or car details, ignoring case', async (q, expected) => {
    const rows = (await ok(await admin.get(`/api/leads?q=${encodeURIComponent(q)}`))) as unknown as Row[]
    expect(names(rows)).toEqual(expected)
  })

  it.each([
    ['%', ['Oliver Brown']],
    ['100%', ['Oliver Brown']],
    ['_', ['Amelia Jones']],
    ['model_3', ['Amelia Jones']],
    ['\\', []],
  ])('q=%s takes %% and _ literally', async (q, expected) => {
    const rows = (await ok(await admin.get(`/api/leads?q=${encodeURIComponent(q)}`))) as unknown as Row[]
    expect(names(rows)).toEqual(expected)
  })

  it('logs a lead list view without any personal data of leads', async () => {
    const before = await app.database.db
      .selectFrom('auditLog')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirst()
    await ok(await admin.get('/api/leads?q=jane%20smi'))
    await ok(await admin.get('/api/leads?q=fiesta&page=1&pageSize=2'))
    await ok(await admin.get('/api/leads'))

    const rows = await app.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('id', '>', before?.id ?? 0)
      .orderBy('id')
      .execute()
    expect(rows.map((r) => r.action)).toEqual(['lead.list', 'lead.list', 'lead.list'])
    expect(
      rows.every((r) => r.actorEmail === admin.email && r.actorId === admin.id && r.entity === 'lead'),
    ).toBe(true)
    expect(rows[0]?.detail).toMatchObject({ searched: true, returned: 1 })
    expect(rows[2]?.detail).toMatchObject({ searched: false, returned: 5 })

    const everything = JSON.stringify(
      await app.database.db.selectFrom('auditLog').selectAll().execute(),
    ).toLowerCase()
    const personal = allLeads.flatMap((lead) => [
      lead.firstName,
      lead.lastName,
      lead.email,
      lead.phone,
      lead.carDetails ?? 'no car',
    ])
    for (const text of [...personal, 'jane smi', 'fiesta']) {
      expect(everything, `audit log holds ${text}`).not.toContain(text.toLowerCase())
    }
    const activity = JSON.stringify(await ok(await admin.get('/api/admin/activity?limit=100'))).toLowerCase()
    for (const text of personal) expect(activity).not.toContain(text.toLowerCase())
  })

  it('shows create, update and delete in the activity, newest first, with the actor', async () => {
    const page = await created(await admin.post('/api/admin/pages', { title: 'Audited', slug: 'audited' }))
    await ok(await admin.put(`/api/admin/pages/${page.id}`, { title: 'Audited again' }))
    await ok(await admin.del(`/api/admin/pages/${page.id}`))
    const script = await created(
      await admin.post('/api/admin/scripts', {
        name: 'S',
        position: 'head',
        script: '<script>x</script>',
        consentCategory: 'none',
      }),
    )
    await ok(await admin.put(`/api/admin/scripts/${script.id}`, { isActive: false }))
    await ok(await admin.post('/api/admin/settings', { key: 'audited_key', value: 'v' }))

    const response = await admin.get('/api/admin/activity?limit=6')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const activity = (await response.json()) as Row[]
    expect(activity.map((a) => [a.action, a.entity, a.entityId])).toEqual([
      ['setting.update', 'site_setting', 'audited_key'],
      ['script.update', 'custom_script', String(script.id)],
      ['script.create', 'custom_script', String(script.id)],
      ['page.delete', 'page', String(page.id)],
      ['page.update', 'page', String(page.id)],
      ['page.create', 'page', String(page.id)],
    ])
    expect(activity.every((a) => a.actorEmail === admin.email)).toBe(true)
    // Enough to name the record in plain words, and no more.
    expect(activity[1]?.detail).toEqual({ name: 'S', isActive: false, fields: ['isActive'] })
    expect(activity[4]?.detail).toMatchObject({ slug: 'audited', fields: ['title'] })
    expect(Object.keys(activity[4]?.detail as Row).sort()).toEqual(['fields', 'isPublished', 'slug', 'title'])
    const ids = activity.map((a) => a.id as number)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
  })

  it('caps the activity list at the limit asked for, 10 by default', async () => {
    expect(((await ok(await admin.get('/api/admin/activity'))) as unknown as Row[]).length).toBe(10)
    expect(((await ok(await admin.get('/api/admin/activity?limit=2'))) as unknown as Row[]).length).toBe(2)
  })

  it('reads the activity limit leniently: clamped to 1–100, 10 for anything else, never a 400', async () => {
    // More entries than the largest page, so a limit that was not clamped would show it.
    for (let i = 0; i < 101; i++) await audit(app.database.db, { actor: null, action: 'setting.update' })
    const count = async (limit: string) => {
      const response = await admin.get(`/api/admin/activity?limit=${limit}`)
      expect(response.status, `limit=${limit}`).toBe(200)
      return ((await response.json()) as Row[]).length
    }
    expect(await count('0')).toBe(10)
    expect(await count('100000')).toBe(100)
    expect(await count('abc')).toBe(10)
    expect(await count('-5')).toBe(1)
    expect(await count('2.5')).toBe(2)
    expect(await count('100')).toBe(100)
  })

  // SQLite's built-in lower() folds A-Z only; the adapter replaces it so both engines match alike.
  // Runs last here: it adds a lead.
  it('q ignores case in non-ASCII letters too', async () => {
    await app.database.db
      .insertInto('lead')
      .values({
        firstName: 'Zoë',
        lastName: 'ÖLANDER',
        email: 'zoe.olander@example.org',
        phone: '07700900666',
        carDetails: 'ŠKODA Octavia',
        hasConsent: true,
        reference: randomUUID(),
      })
      .execute()
    for (const q of ['ölander', 'zoë öl', 'ZOË ÖLANDER', 'škoda octavia']) {
      const rows = (await ok(await admin.get(`/api/leads?q=${encodeURIComponent(q)}`))) as unknown as Row[]
      expect(names(rows), q).toEqual(['Zoë ÖLANDER'])
    }
  })
})

describe(`lead stats on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
  })

  const lead = (i: number, createdAt: Date, hasConsent: boolean): NewLead & { createdAt: Date } => ({
    firstName: 'Stat',
    lastName: `Lead${i}`,
    email: `stat${i}@example.org`,
    phone: '07700900000',
    carDetails: null,
    hasConsent,
    reference: randomUUID(),
    createdAt,
  })

  it('answers zeros when there are no leads', async () => {
    const response = await admin.get('/api/admin/leads/stats')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await ok(response)).toMatchObject({
      total: 0,
      thisMonth: 0,
      days: 30,
      leads: 0,
      visitors: 0,
      leadVisitors: 0,
      conversionRate: 0,
      averagePerDay: 0,
    })
  })

  it('counts this month from the first instant of the previous calendar month, UK time', async () => {
    const now = new Date()
    const since = previousMonthStart(now)
    // The boundary is UK midnight on the 1st of last month.
    const uk = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }).format(since)
    expect(uk).toBe('1, 00:00')
    const dayMs = 86_400_000
    const dates: Date[] = [
      since, // counted: the first instant itself
      new Date(since.getTime() - 1), // not counted: the last instant before
      new Date(since.getTime() + 10 * dayMs), // counted
      ...Array.from({ length: 20 }, () => new Date(now.getTime() - 60_000)), // counted
      ...Array.from({ length: 22 }, () => new Date(since.getTime() - 40 * dayMs)), // not counted
    ]
    const leads = dates.map((createdAt, i) => lead(i, createdAt, i < 30))
    await app.database.db.insertInto('lead').values(leads).execute()

    const stats = await ok(await admin.get('/api/admin/leads/stats'))
    expect(stats).toMatchObject({ total: 45, thisMonth: 22 })
    // The average is for the days shown: the 20 leads of the last minute over those UK days.
    const from = londonDay(new Date(now.getTime() - 60_000))
    const to = londonDay(now)
    const today = await ok(await admin.get(`/api/admin/leads/stats?from=${from}&to=${to}`))
    const days = from === to ? 1 : 2
    expect(today).toMatchObject({ from, to, days, leads: 20, averagePerDay: 20 / days })
    await expectError(await admin.get('/api/admin/leads/stats?from=2026-02-30'), 400)
    await expectError(await admin.get(`/api/admin/leads/stats?from=${to}&to=2000-01-01`), 400)
  })
})
