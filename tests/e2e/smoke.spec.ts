import { expect, test } from '@playwright/test'
import { waitForHydration } from './support.ts'

test('home page renders the questionnaire', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('Step 1 of 4')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled()
  await page.getByRole('radio', { name: 'Yes' }).check()
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled()
})
