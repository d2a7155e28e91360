import type { Page } from '@playwright/test'
import { signIn, tab } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './support.ts'

/**
 * Every CSP violation the page reports (the `securitypolicyviolation` event, from before the
 * page's own scripts) and every CSP error on the console, across navigations.
 */
async function recordCspViolations(page: Page) {
  const violations: string[] = []
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    window.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { __reportCspViolation: (text: string) => void })
          .__reportCspViolation
        report(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`)
      },
      true,
    )
  })
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|unsafe-eval/i.test(message.text()))
      violations.push(message.text())
  })
  return violations
}

test('the sign-in page and admin screens load without a CSP violation', async ({ page }) => {
  const violations = await recordCspViolations(page)
  await page.goto('/api/login')
  await waitForHydration(page)
  expect(violations).toEqual([])

  await signIn(page)
  for (const name of ['Pages', 'Settings', 'Leads']) {
    await tab(page, name).click()
    await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true')
  }
  await page.goto('/admin/pages/create')
  await waitForHydration(page)
  await expect(page.getByRole('tab', { name: 'SEO & Meta' })).toBeVisible()
  expect(violations).toEqual([])
})
