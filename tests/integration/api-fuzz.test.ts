import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

type Operation = { requestBody?: { content: Record<string, unknown> } }
type Document = { paths: Record<string, Record<string, Operation>> }

/** Path parameters a caller might send: none of them may reach a query as a fault. */
const PARAMS = ['0', '-1', 'abc', '99999999999999999999', '%00', `${'x'.repeat(300)}`]

/** Bodies of the wrong shape: every one of them is the caller's fault, so a 4xx. */
const BODIES: unknown[] = [
  {},
  [],
  null,
  'text',
  42,
  { id: 'x', name: 5, email: [], value: { deep: { deeper: [1, 2, 3] } }, page: -1, pageSize: 1e9 },
  { name: 'x'.repeat(100_000) },
  { __proto__: { admin: true }, constructor: { prototype: { admin: true } } },
]

/** Query strings of the wrong shape. */
const QUERIES = [
  '',
  '?page=-1&pageSize=abc',
  '?month=9999-99&day=2026-02-30&from=x&to=y',
  '?q=%27%22%3C&limit=1e99',
]

/**
 * A bounded fuzz pass over every operation in /api/openapi.json, signed out and signed in as an
 * admin: wrong parameters, bodies and queries must be answered with a 4xx (or a success), never a 5xx.
 */
describe(`every documented operation under bad input on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let doc: Document

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
    doc = (await (await app.request('/api/openapi.json')).json()) as Document
  })
  afterAll(async () => {
    await app?.close()
  })

  it('answers no 5xx', async () => {
    const faults: string[] = []
    let sent = 0
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        // Ending the session would leave the rest of the pass signed out.
        const signedIn = !/\/logout|\/sessions|\/account\/factors|\/account\/passkeys/.test(path)
        const json = op.requestBody?.content['application/json'] !== undefined
        for (const [i, param] of PARAMS.entries()) {
          const pathname = path.replace(/\{[^}]+\}/g, encodeURIComponent(param))
          const query = QUERIES[i % QUERIES.length] ?? ''
          const bodies = method === 'get' || method === 'delete' ? [undefined] : [BODIES[i % BODIES.length]]
          for (const body of bodies) {
            for (const who of signedIn ? ['anonymous', 'admin'] : ['anonymous']) {
              const headers: Record<string, string> = { origin: app.baseUrl }
              if (who === 'admin') headers.cookie = admin.cookie
              if (body !== undefined) headers['content-type'] = json ? 'application/json' : 'text/plain'
              const response = await app.request(`${pathname}${query}`, {
                method: method.toUpperCase(),
                headers,
                body: body === undefined ? undefined : JSON.stringify(body),
                redirect: 'manual',
              })
              sent++
              if (response.status >= 500)
                faults.push(`${method.toUpperCase()} ${pathname}${query} (${who}): ${response.status}`)
              await response.body?.cancel()
            }
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(500)
    expect(faults).toEqual([])
  })
})
