import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningNginx, startNginx } from '../../scripts/nginx.ts'
import { allowRepeatLeads, leadPayload } from '../support/factories.ts'
import { freePort } from '../support/server-process.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

// Issue 36: an instance killed while a lead post is under way. The shipped nginx.conf tries the
// post on the other instance (`non_idempotent`, the lead-post location only), and the post's
// Idempotency-Key makes that repeat store nothing: the visitor gets the first post's answer.
describe(`a lead post whose instance dies before answering, behind nginx (${testDialect})`, () => {
  let app: TestApp
  let dying: http.Server
  let nginx: RunningNginx
  let work = ''
  let cut = 0

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-retry-test-'))
    app = await startTestApp()
    // Every post is stored (no duplicate window): a repeat that was not caught would be a second lead.
    await allowRepeatLeads(app)
    // An instance that handles the post (it reaches the app and is committed), then dies before
    // it answers: the connection is cut.
    dying = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', async () => {
        const headers = Object.fromEntries(
          Object.entries(req.headers).flatMap(([k, v]) =>
            typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k) ? [[k, v]] : [],
          ),
        )
        await app.request(req.url ?? '/', { method: req.method, headers, body: Buffer.concat(chunks) })
        cut++
        res.socket?.destroy()
      })
    })
    await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', () => resolve()))
    const appPort = Number(new URL(app.baseUrl).port)
    nginx = await startNginx({
      port: await freePort(),
      upstreams: [(dying.address() as AddressInfo).port, appPort],
      workDir: path.join(work, 'nginx'),
    })
  }, 60_000)
  afterAll(async () => {
    await nginx?.stop()
    dying?.closeAllConnections()
    await new Promise<void>((resolve) => (dying ? dying.close(() => resolve()) : resolve()))
    await app?.close()
    if (work) fs.rmSync(work, { recursive: true, force: true })
  })

  it('answers every post with the first answer, and stores each once', async () => {
    const db = app.database.db
    const answers: { key: string; status: number; reference: string }[] = []
    // Sent one by one: round robin gives some to the dying instance in each nginx worker.
    for (let i = 0; i < 8; i++) {
      const key = `retry-through-nginx-${i}`
      const response = await fetch(`${nginx.url}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(leadPayload({ email: `retry${i}@example.com` })),
      })
      const body = (await response.json()) as { reference: string }
      answers.push({ key, status: response.status, reference: body.reference })
    }
    expect(cut).toBeGreaterThan(0)
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201))
    const stored = await db
      .selectFrom('lead')
      .select(['idempotencyKey', 'reference'])
      .where('idempotencyKey', 'like', 'retry-through-nginx-%')
      .orderBy('id')
      .execute()
    expect(stored).toEqual(answers.map((a) => ({ idempotencyKey: a.key, reference: a.reference })))
  })
})
