import type { TestApp } from './test-app.ts'

type Requester = Pick<TestApp, 'request'>

/** A no-JavaScript step: the form post, as the browser sends it. */
export function postStep(app: Requester, body: Record<string, string>): Promise<Response> {
  return app.request('/?index', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  })
}

/**
 * A step's post and, when it answers 303 with the next step's address (ADR 0058), the GET of that
 * address, as the browser follows it: the page the visitor then sees, with the address it has.
 */
export async function postStepAndFollow(
  app: Requester,
  body: Record<string, string>,
): Promise<{ response: Response; address: string | null }> {
  const posted = await postStep(app, body)
  if (posted.status !== 303) return { response: posted, address: null }
  const location = posted.headers.get('location') ?? ''
  const address = location.replace(/#.*$/, '')
  return { response: await app.request(address), address: location }
}
