import { axeViolations } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './support.ts'

const SLUG = 'review-e2e'

const content = {
  sections: [
    {
      id: 's1',
      styles: {},
      widgets: [
        {
          id: 'figure',
          type: 'heading',
          content: { text: 'About 14M agreements could qualify', level: 2 },
          styles: {},
        },
      ],
    },
  ],
}

test.describe('compliance review', () => {
  test('a flag shows on the dashboard until the page cites evidence or it is accepted with a note', async ({
    adminPage: page,
  }) => {
    test.setTimeout(120_000)
    const made = await page.request.post('/api/admin/pages', {
      data: { title: 'Review figures', slug: SLUG, content, isPublished: false },
    })
    expect(made.status()).toBe(201)
    const { id } = (await made.json()) as { id: number }
    try {
      await page.goto('/admin')
      await waitForHydration(page)
      const review = page.getByRole('region', { name: 'Compliance review', exact: true })
      const flag = review.getByRole('listitem').filter({ hasText: '“14M” cites no evidence.' })
      await expect(flag).toBeVisible()
      // The shipped home copy contradicts its own evidence page.
      await expect(
        review.getByText('“£16.8B” is not in the evidence it cites', { exact: false }),
      ).toBeVisible()
      expect(await axeViolations(page)).toEqual([])

      // Cite the evidence that holds the figure, in the builder, from the keyboard.
      await flag.getByRole('link', { name: 'Review figures' }).click()
      await expect(page).toHaveURL(`/admin/pages/edit/${id}`)
      await waitForHydration(page)
      const canvas = page.frameLocator('[data-testid=builder-canvas]')
      await expect(canvas.getByText('1 compliance flag')).toBeAttached()
      await canvas.getByRole('button', { name: /^Heading widget 1/ }).click()
      const panel = page.getByRole('complementary', { name: 'Style Panel' })
      await expect(panel.getByRole('region', { name: 'Compliance review of this block' })).toContainText(
        '“14M” cites no evidence.',
      )
      const evidence = panel.getByRole('group', { name: 'Evidence cited' })
      const card = evidence.getByRole('checkbox', { name: /around 14 million agreements/ })
      await card.focus()
      await page.keyboard.press('Space')
      await expect(card).toBeChecked()
      await expect(panel.getByRole('region', { name: 'Compliance review of this block' })).toHaveCount(0)
      await expect(canvas.getByText('1 compliance flag')).toHaveCount(0)
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toHaveCount(0)

      await page.goto('/admin')
      await waitForHydration(page)
      await expect(review.getByText('Review figures')).toHaveCount(0)

      // Accept a flag of the shipped home copy with a note.
      const market = review
        .getByRole('listitem')
        .filter({ hasText: '“£16.8B” is not in the evidence it cites' })
      await market.getByRole('link').click()
      await waitForHydration(page)
      const pagePanel = page.getByRole('region', { name: 'Compliance review', exact: true })
      // Folded to one line in the editor: opened to see the page's flags.
      await pagePanel.getByText(/^Compliance review: \d+ open flags?$/).click()
      const item = pagePanel.getByRole('listitem').filter({ hasText: '“£16.8B” is not in the evidence' })
      await item.getByLabel('Note').fill('Market size from the Finance & Leasing Association figures.')
      await item.getByRole('button', { name: 'Accept with note' }).click()
      await expect(pagePanel.getByText('“£16.8B” is not in the evidence', { exact: false })).toHaveCount(0)
      expect(await axeViolations(page)).toEqual([])

      await page.goto('/admin')
      await waitForHydration(page)
      await expect(review).toBeVisible()
      await expect(review.getByText('“£16.8B”', { exact: false })).toHaveCount(0)
    } finally {
      await page.request.delete(`/api/admin/pages/${id}`)
    }
  })
})
