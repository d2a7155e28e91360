// Leads per second with delivery to a buyer's webhook on, against the same load with none, and
// the delay from a lead's commit to its delivery (p50, p99), measured from the rows themselves.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import autocannon from 'autocannon'
import { createDatabase, parseDatabaseUrl } from '../server/platform/index.ts'
import { startApp } from './app-process.ts'

const duration = Number(process.env.BENCH_SECONDS ?? 10)
const connections = 50
const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: digits })

/** The app trusting the buyers' certificate; a buyer on this machine is allowed. */
export function startTrustingApp(port: number, databaseUrl: string, caFile: string) {
  return startApp(port, databaseUrl, { WEBHOOK_ALLOW_PRIVATE: 'true', NODE_EXTRA_CA_CERTS: caFile })
}

/** A self-signed certificate for 127.0.0.1: the app runs as in production, where webhooks are https. */
export function certificate(dir: string) {
  const key = path.join(dir, 'receiver-key.pem')
  const cert = path.join(dir, 'receiver-cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  )
  return { key, cert }
}

/** The buyer: answers 200 to every post and counts them. */
export async function startReceiver(tls: { key: string; cert: string }) {
  let received = 0
  const keys = new Set<string>()
  let repeated = 0
  const server = https.createServer(
    { key: fs.readFileSync(tls.key), cert: fs.readFileSync(tls.cert), keepAliveTimeout: 30_000 },
    (req, res) => {
      req.resume()
      req.on('end', () => {
        received++
        const key = String(req.headers['idempotency-key'])
        if (keys.has(key)) repeated++
        keys.add(key)
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
      })
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/leads`,
    received: () => received,
    /** Posts whose Idempotency-Key had been seen before (a retry after a lost answer). */
    repeated: () => repeated,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

const run = Date.now().toString(36)
// A database kept between runs (PostgreSQL) must not see this run's phones as duplicates.
const phoneBase = 400_000_000 + Math.floor(Math.random() * 90_000_000)
let counter = 0

/** New leads only (unique email and phone): a duplicate is neither stored nor delivered. */
async function postLeads(port: number, load: { overallRate?: number; amount?: number } = {}) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/leads`,
    method: 'POST',
    connections: load.overallRate ? 10 : connections,
    duration,
    ...load,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          counter++
          return {
            ...req,
            body: JSON.stringify({
              firstName: 'Bench',
              lastName: `Delivery${counter}`,
              email: `delivery-${run}-${counter}@example.com`,
              phone: `07${phoneBase + counter}`,
              carDetails: '2016 Ford Focus',
              hasConsent: true,
              answers: {
                hadPcpFinance: 'yes',
                purchaseDateRange: '2015-2018',
                loanAmount: '15000-25000',
                dealerDisclosedCommission: 'no',
              },
            }),
          }
        },
      },
    ],
  })
  return {
    rps: result['2xx'] / duration,
    p99: result.latency.p99,
    ok: result['2xx'],
    errors: result.non2xx + result.errors + result.timeouts,
  }
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0

export async function benchDelivery(label: string, databaseUrl: string, port: number, workDir: string) {
  const tls = certificate(workDir)
  const receiver = await startReceiver(tls)
  const app = await startTrustingApp(port, databaseUrl, tls.cert)
  const database = createDatabase(parseDatabaseUrl(databaseUrl))
  const { db } = database
  let webhookId: number | undefined
  try {
    // Leads with no webhook: the baseline, on this same database and process.
    await db.deleteFrom('webhook').execute()
    // Warm-up (JIT, caches), not measured.
    await postLeads(port, { amount: 1000 })
    const off = await postLeads(port)
    console.log(
      `${label}: new leads, no webhook ${fmt(off.rps)} accepted/s, p99 ${fmt(off.p99, 1)} ms (errors ${off.errors})`,
    )

    webhookId = (
      await db
        .insertInto('webhook')
        .values({ name: 'Bench buyer', url: receiver.url, secret: 'bench-secret-0123456789' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
    const id = webhookId
    const delivered = async (afterId: number) => {
      const counts = () =>
        db
          .selectFrom('webhookDelivery')
          .select([
            (eb) => eb.fn.countAll<number>().as('all'),
            (eb) => eb.fn.count<number>('deliveredAt').as('delivered'),
          ])
          .where('webhookId', '=', id)
          .where('id', '>', afterId)
          .executeTakeFirstOrThrow()
      let c = await counts()
      const started = Date.now()
      while (Number(c.delivered) < Number(c.all) && Date.now() - started < 120_000) {
        await new Promise((r) => setTimeout(r, 200))
        c = await counts()
      }
      const rows = await db
        .selectFrom('webhookDelivery as d')
        .innerJoin('lead as l', 'l.id', 'd.leadId')
        .select(['d.id', 'd.deliveredAt', 'l.createdAt', 'd.attempts'])
        .where('d.webhookId', '=', id)
        .where('d.id', '>', afterId)
        .where('d.deliveredAt', 'is not', null)
        .execute()
      const delays = rows
        .map((r) => new Date(r.deliveredAt as Date).getTime() - new Date(r.createdAt).getTime())
        .sort((a, b) => a - b)
      return {
        all: Number(c.all),
        delivered: Number(c.delivered),
        retried: rows.filter((r) => r.attempts > 1).length,
        p50: percentile(delays, 50),
        p99: percentile(delays, 99),
        drainedS: (Date.now() - started) / 1000,
        lastId: Math.max(afterId, ...rows.map((r) => r.id)),
      }
    }

    // As many leads as the app takes: throughput, and how far delivery falls behind at that rate.
    const on = await postLeads(port)
    const full = await delivered(0)
    console.log(
      `${label}: new leads, delivered to a webhook ${fmt(on.rps)} accepted/s, p99 ${fmt(on.p99, 1)} ms (errors ${on.errors}; ${fmt((on.rps / Math.max(off.rps, 1)) * 100, 1)}% of no webhook)`,
    )
    console.log(
      `${label}: at that rate ${fmt(full.delivered)} of ${fmt(full.all)} delivered (${full.retried} retried, ${receiver.repeated()} keys posted twice), commit to delivery p50 ${fmt(full.p50, 1)} ms, p99 ${fmt(full.p99, 1)} ms; backlog cleared ${fmt(full.drainedS, 1)} s after the load ended`,
    )
    // A steady 50 leads a second (far more than a lead-generation site sees): the delay itself.
    const repeated = receiver.repeated()
    await postLeads(port, { overallRate: 50 })
    const steady = await delivered(full.lastId)
    console.log(
      `${label}: at 50 leads/s, ${fmt(steady.delivered)} of ${fmt(steady.all)} delivered (${steady.retried} retried, ${receiver.repeated() - repeated} keys posted twice), commit to delivery p50 ${fmt(steady.p50, 1)} ms, p99 ${fmt(steady.p99, 1)} ms`,
    )
  } finally {
    if (webhookId !== undefined) await db.deleteFrom('webhook').where('id', '=', webhookId).execute()
    await database.destroy()
    const exited = new Promise((r) => app.once('exit', r))
    app.kill('SIGTERM')
    await exited
    await receiver.close()
  }
}
