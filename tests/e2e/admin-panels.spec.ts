import fs from 'node:fs'
import type { Page } from '@playwright/test'
import {
  axeViolations,
  emailField,
  inviteLinkFor,
  passwordField,
  signInButton,
  tab,
} from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { uniquePhone } from './journey.ts'
import { waitForHydration } from './support.ts'

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

async function openTab(page: Page, name: string) {
  await tab(page, name).click()
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true')
}

const toastWith = (page: Page, title: string) =>
  page.getByRole('region', { name: /notifications/i }).getByText(title, { exact: true })

test.describe('pages panel', () => {
  test('publishes, unpublishes and deletes a page; system pages have no delete', async ({
    adminPage: page,
  }) => {
    const slug = `panel-${unique()}`
    const created = await page.request.post('/api/admin/pages', {
      data: { title: `Panel ${slug}`, slug, content: '<p>Panel page</p>', isPublished: false },
    })
    expect(created.status()).toBe(201)
    // Lists stay fresh for five minutes (SPEC section 7): reload to see a page made outside the panel.
    await page.reload()
    await waitForHydration(page)
    await openTab(page, 'Pages')
    await expect(page).toHaveURL('/admin?tab=pages')
    const row = page.getByRole('row').filter({ hasText: `/${slug}` })
    await expect(row.getByRole('cell').nth(3)).toHaveText('Draft')
    expect((await page.request.get(`/${slug}`)).status()).toBe(404)

    await row.getByRole('switch', { name: `Published: Panel ${slug}` }).click()
    await expect(toastWith(page, 'Page updated successfully')).toBeVisible()
    await expect(row.getByRole('cell').nth(3)).toHaveText('Published')
    expect((await page.request.get(`/${slug}`)).status()).toBe(200)

    await row.getByRole('switch', { name: `Published: Panel ${slug}` }).click()
    await expect(row.getByRole('cell').nth(3)).toHaveText('Draft')
    expect((await page.request.get(`/${slug}`)).status()).toBe(404)

    await expect(row.getByRole('link', { name: `Edit Panel ${slug}` })).toHaveAttribute(
      'href',
      /^\/admin\/pages\/edit\/\d+$/,
    )
    await row.getByRole('button', { name: `Delete Panel ${slug}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete page?' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(row).toHaveCount(1)
    await row.getByRole('button', { name: `Delete Panel ${slug}` }).click()
    await dialog.getByRole('button', { name: 'Delete page' }).click()
    await expect(toastWith(page, 'Page deleted successfully')).toBeVisible()
    await expect(row).toHaveCount(0)

    const home = page.getByRole('row').filter({ hasText: '/home' })
    await expect(home.getByRole('button', { name: /^Delete/ })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Create Page' })).toHaveAttribute(
      'href',
      '/admin/pages/create',
    )
  })

  test('reload and Back keep the selected tab', async ({ adminPage: page }) => {
    await openTab(page, 'Redirects')
    await openTab(page, 'Scripts')
    await page.reload()
    await waitForHydration(page)
    await expect(tab(page, 'Scripts')).toHaveAttribute('aria-selected', 'true')
    await page.goBack()
    await expect(tab(page, 'Redirects')).toHaveAttribute('aria-selected', 'true')
  })
})

test.describe('settings panel', () => {
  test('saves changed fields and the public head and robots.txt follow', async ({ adminPage: page }) => {
    const title = `Claim Check ${unique()}`
    await openTab(page, 'Settings')
    const siteTitle = page.getByLabel('Site Title', { exact: true })
    await expect(siteTitle).toBeEnabled()
    await siteTitle.fill(title)
    await page.getByLabel('robots.txt', { exact: true }).fill('User-agent: *\nAllow: /')
    await page.getByLabel('Partner Name', { exact: true }).fill('Example Claims Ltd')
    const posts: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/admin/settings')) posts.push(r.postData() ?? '')
    })
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect(toastWith(page, 'Settings updated')).toBeVisible()
    // One call per changed field, and only the changed ones.
    expect(posts.map((p) => JSON.parse(p).key).sort()).toEqual(['partner_name', 'robots_txt', 'site_title'])
    expect(await (await page.request.get('/robots.txt')).text()).toBe('User-agent: *\nAllow: /\n')
    // The page record's own title wins on pages that have one; the privacy page's head lists the site name.
    const html = await (await page.request.get('/')).text()
    expect(html).toContain('Example Claims Ltd')
    await expect(page.getByRole('button', { name: 'Save Settings' })).toBeDisabled()
  })
})

test.describe('scripts panel', () => {
  test('creates, edits, toggles and deletes a script, seen on the public page', async ({
    adminPage: page,
  }) => {
    const name = `Tag ${unique()}`
    const marker = `e2e-marker-${unique()}`
    await openTab(page, 'Scripts')
    await page.getByLabel('Name', { exact: true }).fill(name)
    await page.getByLabel('Position', { exact: true }).selectOption('body')
    await page.getByRole('combobox', { name: 'Consent category', exact: true }).selectOption('none')
    await page.getByLabel('Script', { exact: true }).fill(`<script>window['${marker}'] = 1</script>`)
    await expect(page.getByText('Scripts run in every visitor')).toBeVisible()
    await page.getByRole('button', { name: 'Create Script' }).click()
    await expect(toastWith(page, 'Script created')).toBeVisible()
    // The form returns to its defaults (SPEC section 4).
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('')
    await expect(page.getByLabel('Position', { exact: true })).toHaveValue('head')
    const row = page.getByRole('row').filter({ hasText: name })
    await expect(row).toHaveCount(1)
    expect(await (await page.request.get('/')).text()).toContain(marker)

    await row.getByRole('button', { name: `Edit ${name}` }).click()
    await page.getByLabel('Name', { exact: true }).fill(`${name} v2`)
    await page.getByRole('button', { name: 'Update Script' }).click()
    await expect(toastWith(page, 'Script updated')).toBeVisible()
    const renamed = page.getByRole('row').filter({ hasText: `${name} v2` })
    await expect(renamed).toHaveCount(1)

    await renamed.getByRole('button', { name: 'Deactivate' }).click()
    await expect(renamed.getByRole('switch')).toHaveAttribute('aria-checked', 'false')
    expect(await (await page.request.get('/')).text()).not.toContain(marker)
    await renamed.getByRole('switch').click()
    await expect(renamed.getByRole('switch')).toHaveAttribute('aria-checked', 'true')
    expect(await (await page.request.get('/')).text()).toContain(marker)

    await renamed.getByRole('button', { name: `Delete ${name} v2` }).click()
    await page
      .getByRole('dialog', { name: 'Delete script?' })
      .getByRole('button', { name: 'Delete script' })
      .click()
    await expect(toastWith(page, 'Script deleted')).toBeVisible()
    await expect(renamed).toHaveCount(0)
    expect(await (await page.request.get('/')).text()).not.toContain(marker)
  })
})

test.describe('redirects panel', () => {
  test('creates, tests, follows, edits, toggles and deletes a redirect', async ({ adminPage: page }) => {
    const from = `/old-${unique()}`
    await openTab(page, 'Redirects')
    await page.getByRole('button', { name: 'Add Redirect' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Redirect' })
    await dialog.getByLabel('Name', { exact: true }).fill('Old offer')
    await dialog.getByLabel('From URL', { exact: true }).fill(from)
    await dialog.getByLabel('To URL', { exact: true }).fill('/evidence')
    await expect(dialog.getByLabel('Status code')).toHaveValue('301')
    expect(await dialog.getByLabel('Status code').locator('option').allTextContents()).toEqual([
      '301 (Permanent Redirect)',
      '302 (Temporary Redirect)',
    ])
    await dialog.getByLabel('Status code').selectOption('302')
    await dialog.getByRole('button', { name: 'Create Redirect' }).click()
    await expect(toastWith(page, 'Redirect created')).toBeVisible()
    await expect(dialog).toBeHidden()
    const row = page.getByRole('row').filter({ hasText: from })
    await expect(row.getByRole('cell').nth(3)).toHaveText('302')

    const followed = await page.request.get(`${from}?utm_source=x`, { maxRedirects: 0 })
    expect(followed.status()).toBe(302)
    expect(followed.headers().location).toBe('/evidence?utm_source=x')

    await page.getByLabel('Address to test').fill(`${from}?utm_source=x`)
    await page.getByRole('button', { name: 'Test', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Old offer answers with' })).toContainText(
      '/evidence?utm_source=x',
    )
    await page.getByLabel('Address to test').fill('/reset-password?token=abc')
    await page.getByRole('button', { name: 'Test', exact: true }).click()
    await expect(page.getByText('The site itself answers this address')).toBeVisible()

    await row.getByRole('button', { name: 'Edit Old offer' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Redirect' })
    await expect(edit.getByLabel('From URL', { exact: true })).toHaveValue(from)
    await edit.getByLabel('Name', { exact: true }).fill('Old offer renamed')
    await edit.getByRole('button', { name: 'Update Redirect' }).click()
    await expect(toastWith(page, 'Redirect updated')).toBeVisible()
    await expect(row.getByRole('cell').first()).toHaveText('Old offer renamed')

    await row.getByRole('switch').click()
    await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'false')
    expect((await page.request.get(from, { maxRedirects: 0 })).status()).toBe(404)

    await row.getByRole('button', { name: 'Delete Old offer renamed' }).click()
    await page
      .getByRole('dialog', { name: 'Delete redirect?' })
      .getByRole('button', { name: 'Delete redirect' })
      .click()
    await expect(toastWith(page, 'Redirect deleted')).toBeVisible()
    await expect(row).toHaveCount(0)
  })

  test("shows the server's refusal in the dialog, which keeps what was typed", async ({
    adminPage: page,
  }) => {
    await openTab(page, 'Redirects')
    await page.getByRole('button', { name: 'Add Redirect' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Redirect' })
    await dialog.getByLabel('Name', { exact: true }).fill('Bad pattern')
    await dialog.getByRole('switch', { name: 'Regular expression' }).click()
    await expect(dialog.getByText('JavaScript-style regular expression')).toBeVisible()
    await dialog.getByLabel('From URL', { exact: true }).fill('^/(a)\\1$')
    await dialog.getByLabel('To URL', { exact: true }).fill('/evidence')
    await dialog.getByRole('button', { name: 'Create Redirect' }).click()
    await expect(dialog.getByRole('alert')).toContainText('Backreferences and lookaround are not supported')
    await expect(dialog.getByLabel('From URL', { exact: true })).toHaveValue('^/(a)\\1$')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })
})

test.describe('leads panel', () => {
  test('searches, pages, opens a lead and downloads the CSV', async ({ adminPage: page }) => {
    const tag = unique()
    for (let i = 0; i < 27; i++) {
      const response = await page.request.post('/api/leads', {
        data: {
          firstName: 'Panel',
          lastName: `Lead${tag}x${i}`,
          email: `panel${i}-${tag}@example.com`,
          phone: uniquePhone(),
          carDetails: i === 0 ? '=HYPERLINK("x") Ford' : `Ford Focus ${tag}`,
          hasConsent: true,
        },
      })
      expect(response.status()).toBe(201)
    }
    await openTab(page, 'Leads')
    // The search runs once typing pauses: wait for its answer before paging.
    const searched = page.waitForResponse((r) => r.url().includes(`q=Lead${tag}`))
    await page.getByLabel('Search leads').fill(`Lead${tag}`)
    await searched
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText('Showing 1–25 of 27')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText('Showing 26–27 of 27')
    await page.getByRole('button', { name: `Panel Lead${tag}x0` }).click()
    const detail = page.getByRole('dialog', { name: `Panel Lead${tag}x0` })
    await expect(detail.getByText(`panel0-${tag}@example.com`)).toBeVisible()
    await expect(detail.getByText('I consent to being contacted')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(detail).toBeHidden()

    await page.getByLabel('Search leads').fill(`no-such-lead-${tag}`)
    await expect(page.getByRole('cell', { name: 'No matching leads found' })).toBeVisible()
    // The earlier answer comes from the cache (fresh for five minutes): the status shows it.
    await page.getByLabel('Search leads').fill(`Lead${tag}`)
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText('Showing 1–25 of 27')

    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/)
    const bytes = fs.readFileSync((await download.path()) as string)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.subarray(3).toString('utf8').split('\r\n')
    expect(lines[0]).toBe('Name,Car Details,Consent,Date')
    expect(lines.filter((l) => l.includes(`Lead${tag}`))).toHaveLength(27)
    expect(lines.find((l) => l.startsWith(`Panel Lead${tag}x0,`))).toContain(`"'=HYPERLINK(""x"") Ford",Yes,`)
  })
})

test.describe('users panel and roles', () => {
  test('creates an editor, who sees only their tabs, and deactivates them', async ({
    adminPage: page,
    browser,
  }) => {
    const email = `editor-${unique()}@example.com`
    const password = 'editor-password-1'
    await openTab(page, 'Users')
    await page.getByRole('button', { name: 'Add User' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add User' })
    await dialog.getByLabel('Email').fill(email)
    await expect(dialog.getByLabel(/password/i)).toHaveCount(0)
    await expect(dialog.getByLabel('Role')).toHaveValue('editor')
    // Scripts and users amount to admin access: the dialog says so, and lets an admin grant them.
    for (const name of ['Scripts', 'Users']) {
      const box = dialog.getByRole('checkbox', { name, exact: true })
      await expect(box).toBeEnabled()
      await expect(box).toHaveAccessibleDescription(/^Equivalent to full admin access: /)
    }
    await expect(dialog.getByRole('checkbox', { name: 'Leads' })).not.toHaveAccessibleDescription(/admin/)
    await dialog.getByRole('button', { name: 'Create User' }).click()
    await expect(toastWith(page, 'User created')).toBeVisible()
    const row = page.getByRole('row').filter({ hasText: email })
    await expect(row).toHaveCount(1)
    await expect(row.getByText('Invited')).toBeVisible()
    const invite = await inviteLinkFor(email)

    const editorContext = await browser.newContext({ storageState: await page.context().storageState() })
    await editorContext.clearCookies()
    const editor = await editorContext.newPage()
    // The invitation's link: the editor chooses their own password.
    await editor.goto(invite)
    await expect(editor.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible()
    await editor.getByLabel('Password', { exact: true }).fill(password)
    await editor.getByRole('button', { name: 'Set password' }).click()
    await expect(editor).toHaveURL('/api/login?invited=1')
    await editor.goto('/api/login')
    await waitForHydration(editor)
    await emailField(editor).fill(email)
    await passwordField(editor).fill(password)
    await signInButton(editor).click()
    await expect(editor).toHaveURL('/admin')
    // The Content group's three, then Overview under Insight.
    await expect(editor.getByRole('navigation', { name: 'Admin sections' }).getByRole('tab')).toHaveText([
      'Pages',
      'Media',
      'Redirects',
      'Overview',
    ])
    await expect(editor.getByRole('region', { name: 'Recent Activity' })).toHaveCount(0)
    await editor.goto('/admin?tab=users')
    await waitForHydration(editor)
    await expect(tab(editor, 'Overview')).toHaveAttribute('aria-selected', 'true')

    await row.getByRole('button', { name: `Deactivate ${email}` }).click()
    await expect(row.getByText('Deactivated')).toBeVisible()
    // A deactivated user's open session ends at once.
    expect((await editor.request.get('/api/auth/user')).status()).toBe(401)
    await editorContext.close()

    await row.getByRole('button', { name: `Reactivate ${email}` }).click()
    await expect(row.getByText('Active', { exact: true })).toBeVisible()
  })

  test('the last admin cannot demote themselves', async ({ adminPage: page }) => {
    await openTab(page, 'Users')
    const me = page.getByRole('row').filter({ hasText: '(you)' })
    await me.getByRole('combobox').selectOption('editor')
    await expect(toastWith(page, 'You cannot remove your own admin access')).toBeVisible()
    await expect(me.getByRole('combobox')).toHaveValue('admin')
  })
})

test.describe('overview', () => {
  test('shows the leads chart with its figures and activity in plain words', async ({ adminPage: page }) => {
    const slug = `activity-${unique()}`
    await page.request.post('/api/admin/pages', { data: { title: 'Spring offer', slug } })
    await page.reload()
    await waitForHydration(page)
    await expect(page.getByRole('img', { name: /Leads per day/ })).toBeVisible()
    await expect(page.getByRole('table', { name: 'Leads per day' }).getByRole('row')).toHaveCount(31)
    await expect(page.getByRole('region', { name: 'Recent Activity' })).toContainText(
      "Page 'Spring offer' created",
    )
  })
})

test.describe('accessibility of every tab', () => {
  for (const name of [
    'Overview',
    'Pages',
    'Media',
    'Redirects',
    'Questionnaire',
    'Settings',
    'Scripts',
    'Leads',
    'Analytics',
    'Webhooks',
    'Experiments',
    'Buyers',
    'Users',
    'Data requests',
  ]) {
    test(`${name} has no axe violations, at desktop and 360 px`, async ({ adminPage: page }) => {
      await openTab(page, name)
      await page.waitForLoadState('networkidle')
      expect(await axeViolations(page)).toEqual([])
      await page.setViewportSize({ width: 360, height: 740 })
      expect(await axeViolations(page)).toEqual([])
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
    })
  }
})
