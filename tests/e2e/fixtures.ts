import { test as base, type Page } from '@playwright/test'
import { signIn } from './admin-support.ts'

/**
 * `test` with an `adminPage`: a page signed in as the e2e admin (through the sign-in form), on
 * the dashboard and hydrated. Specs that drive the admin start from it instead of signing in by hand.
 */
export const test = base.extend<{ adminPage: Page }>({
  adminPage: async ({ page }, use) => {
    await signIn(page)
    await use(page)
  },
})

export { expect } from '@playwright/test'
