import { expect, test } from './fixtures.ts'
import { answerEligible, uniqueEmail, uniquePhone } from './journey.ts'
import { queryDatabase, waitForHydration } from './support.ts'

// Issue 36: the form sends an Idempotency-Key made once per form fill; when the answer is lost
// (a gateway's 502 after the lead was stored) it posts again with the same key, and the repeat
// makes no second lead.
test('the lead form sends a key, retries a lost answer once, and the repeat makes no second lead', async ({
  page,
}, testInfo) => {
  await page.goto('/')
  await waitForHydration(page)
  await answerEligible(page)
  const email = uniqueEmail(testInfo)
  await page.getByLabel('First Name').fill('Ada')
  await page.getByLabel('Last Name').fill('Byron')
  await page.getByLabel('Email Address').fill(email)
  await page.getByLabel('Phone Number').fill(uniquePhone())
  await page.getByRole('checkbox', { name: /I consent to being contacted/ }).check()
  const hidden = await page.locator('input[name="idempotencyKey"]').inputValue()
  expect(hidden).toMatch(/^[0-9a-f]{32}$/)

  const posts: { key: string | undefined; bodyKey: unknown; status: number }[] = []
  await page.route('**/api/leads', async (route) => {
    const request = route.request()
    const key = request.headers()['idempotency-key']
    const bodyKey = (request.postDataJSON() as { idempotencyKey?: unknown }).idempotencyKey
    // The first post reaches the app, and its answer is lost on the way back.
    const answer = await route.fetch()
    if (posts.length === 0) {
      posts.push({ key, bodyKey, status: 502 })
      await route.fulfill({ status: 502, body: 'Bad Gateway' })
      return
    }
    posts.push({ key, bodyKey, status: answer.status() })
    await route.fulfill({ response: answer })
  })
  await page.getByRole('button', { name: 'Submit My Details' }).click()
  await expect(page).toHaveURL(/\/thank-you$/)

  expect(posts).toEqual([
    { key: hidden, bodyKey: hidden, status: 502 },
    { key: hidden, bodyKey: hidden, status: 201 },
  ])
  const stored = queryDatabase<{ id: number; idempotency_key: string; reference: string }>(
    'select id, idempotency_key, reference from lead where email = ?',
    email,
  )
  expect(stored).toEqual([expect.objectContaining({ idempotency_key: hidden })])
  expect(queryDatabase('select id from lead_submission where email = ?', email)).toEqual([])

  // Posted once more by hand with the key: the first answer again, still one lead.
  await page.unroute('**/api/leads')
  const again = await page.request.post('/api/leads', {
    headers: { 'Idempotency-Key': hidden },
    data: { firstName: 'Ada', lastName: 'Byron', email, phone: '07700 900111', hasConsent: true },
  })
  expect(again.status()).toBe(201)
  expect(await again.json()).toEqual({ reference: stored[0]?.reference })
  expect(queryDatabase('select id from lead where email = ?', email)).toHaveLength(1)
})
