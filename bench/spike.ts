// Issue 36, the TV-ad spike: the shipped topology (two production instances on one PostgreSQL behind
// the shipped nginx, all on this machine) under a fixed open-loop load for BENCH_SPIKE_SECONDS (90):
// BENCH_SPIKE_VIEWS (2,000) page views a second, each with its own gclid, and BENCH_SPIKE_LEADS (300)
// leads a second posted as the public form posts them, routed to 30 contracts (exclusive and shared,
// 10 capped at 50 an hour) whose buyers are now and then slow, refusing or silent. At 40% of the time
// one instance is killed (SIGKILL) and started again 7 s later. Load and buyers run in processes
// of their own (the views shared by BENCH_SPIKE_VIEW_PROCESSES, 2). Printed, one line each:
// - first offer to a buyer p50/p99: from capture (the lead's created_at) to the buyers' receivers
//   seeing the lead's first post;
// - lead post p50/p99 and page view p50/p99, from each request's due time (open loop);
// - lead posts answered with an error (% and count, and how many were due around the kill);
// - acknowledged leads lost: answered 2xx with a reference that is not in the database;
// - deliveries over a cap (buyers' side and database); exclusive leads sold twice (both sides);
// - page views served (200/304) against page views counted (analytics_daily, after the flush);
// - nginx cache hit share (X-Cache-Status);
// - leads still routing when the load stopped, and the time until none were;
// - CPU seconds each process used during the load (/proc/<pid>/stat utime + stime): each app
//   instance, nginx, the PostgreSQL backends of the database, the generator, the buyers' receivers;
//   and the generator's own lateness, so that its limits are told apart from the product's.
import { type ChildProcess, fork } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { startNginx } from '../scripts/nginx.ts'
import { createDatabase, parseDatabaseUrl } from '../server/platform/index.ts'
import { startApp } from './app-process.ts'
import { certificate } from './delivery.ts'
import { clear, setUpContracts } from './routing.ts'
import type { BuyerPost, BuyersConfig } from './spike-buyers.ts'
import {
  ask,
  BENCH_APP,
  backendPids,
  CAPPED,
  CONTRACTS,
  CpuMeter,
  countRouting,
  fmt,
  forkChild,
  GENERATOR_PRIORITY,
  HOURLY_CAP,
  merge,
  missingReferences,
  ms,
  nginxPids,
  pageViewsCounted,
  sleep,
  soldFigures,
  stopChild,
  terms,
} from './spike-figures.ts'
import type { LoadConfig, LoadReport } from './spike-load.ts'
import { summarize } from './spike-stats.ts'

export async function benchSpike(databaseUrl: string, work: string) {
  const seconds = Number(process.env.BENCH_SPIKE_SECONDS ?? 90)
  const viewRate = Number(process.env.BENCH_SPIKE_VIEWS ?? 2000)
  const leadRate = Number(process.env.BENCH_SPIKE_LEADS ?? 300)
  const connections = Number(process.env.BENCH_SPIKE_CONNECTIONS ?? 1000)
  const viewProcesses = Math.max(1, Number(process.env.BENCH_SPIKE_VIEW_PROCESSES ?? 2))
  const drainSeconds = Number(process.env.BENCH_SPIKE_DRAIN_SECONDS ?? 300)
  const basePort = Number(process.env.BENCH_SPIKE_PORT ?? 5170)
  const killAt = seconds * 0.4
  const downFor = 7
  const ports = [basePort + 1, basePort + 2]

  const tls = certificate(work)
  const buyersConfig: BuyersConfig = { ...tls, slow: 0.08, reject: 0.05, silent: 0.02 }
  const buyers = await forkChild<{ port: number }>('spike-buyers.ts', buyersConfig)
  const buyerUrl = (n: number) => `https://127.0.0.1:${buyers.first.port}/c/${n}`
  const benchUrl = new URL(databaseUrl)
  benchUrl.searchParams.set('application_name', BENCH_APP)
  const database = createDatabase(parseDatabaseUrl(benchUrl.toString()))
  const { db } = database
  const origin = `http://127.0.0.1:${basePort}`
  const appEnv = {
    WEBHOOK_ALLOW_PRIVATE: 'true',
    NODE_EXTRA_CA_CERTS: tls.cert,
    PUBLIC_URL: origin,
    TRUST_PROXY: 'loopback',
  }
  const apps: ChildProcess[] = []
  const generators: ChildProcess[] = []
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined
  const cpu = new CpuMeter()
  let sampler: NodeJS.Timeout | undefined
  let since = new Date()
  try {
    // The first migrates the database; both then see the contracts appear.
    apps.push(await startApp(ports[0] as number, databaseUrl, appEnv))
    apps.push(await startApp(ports[1] as number, databaseUrl, appEnv))
    const ids = await setUpContracts(db, CONTRACTS, buyerUrl, terms)
    const nginxDir = path.join(work, 'nginx-spike')
    nginx = await startNginx({ port: basePort, upstreams: ports, workDir: nginxDir })
    await (await fetch(`${origin}/`)).arrayBuffer()
    await sleep(1500) // the flush of that view, so that it is not counted as one of the run's
    const countedBefore = await pageViewsCounted(db)

    const startAt = Date.now() + 2000
    // The views' rate shared by `viewProcesses`, each offset by one interval: together, one schedule.
    const loads: LoadConfig[] = [
      ...Array.from({ length: viewProcesses }, (_, k) => ({
        kind: 'views' as const,
        rate: viewRate / viewProcesses,
        phaseMs: (k * 1000) / viewRate,
      })),
      { kind: 'leads' as const, rate: leadRate, phaseMs: 0 },
    ].map((load) => ({ ...load, origin, startAt, seconds, connections, drainMs: 65_000 }))
    let raised = true
    const reports = loads.map((load) => {
      const child = fork(path.join(import.meta.dirname, 'spike-load.ts'), [JSON.stringify(load)], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        serialization: 'advanced',
      })
      generators.push(child)
      // Ahead of the product in the run queue where allowed (root): on a busy machine the schedule
      // is then kept by the generator, and what is late is the product's.
      try {
        if (child.pid === undefined) throw new Error('not started')
        os.setPriority(child.pid, GENERATOR_PRIORITY)
      } catch {
        raised = false
      }
      return new Promise<LoadReport>((resolve, reject) => {
        child.once('message', (m) => resolve(m as LoadReport))
        child.once('exit', (code) => reject(new Error(`the ${load.kind} generator exited (${code})`)))
      })
    })

    await sleep(startAt - Date.now())
    since = new Date(startAt - 1000)
    for (const [i, app] of apps.entries()) cpu.watch(app.pid, `app ${i + 1}`)
    for (const pid of nginxPids(path.join(nginxDir, 'nginx.pid'))) cpu.watch(pid, 'nginx')
    for (const pid of await backendPids(db)) cpu.watch(pid, 'postgres')
    for (const [i, g] of generators.entries()) cpu.watch(g.pid, loads[i]?.kind ?? 'views')
    cpu.watch(buyers.child.pid, 'buyers')
    cpu.sample()
    let backendsBusy = false
    sampler = setInterval(async () => {
      cpu.sample()
      if (backendsBusy) return
      backendsBusy = true
      for (const pid of await backendPids(db).catch(() => [])) cpu.watch(pid, 'postgres', true)
      backendsBusy = false
    }, 500)

    // The kill and the restart, on the load's clock.
    let restartedIn = 0
    const killed = (async () => {
      await sleep(startAt + killAt * 1000 - Date.now())
      cpu.sample()
      await stopChild(apps[1] as ChildProcess, 'SIGKILL')
      await sleep(downFor * 1000)
      const restarting = performance.now()
      apps[1] = await startApp(ports[1] as number, databaseUrl, appEnv)
      restartedIn = (performance.now() - restarting) / 1000
      cpu.watch(apps[1].pid, 'app 2 restarted', true)
    })()
    // Awaited below; until then a failure must not end the process before `finally` stops the rest.
    killed.catch(() => {})
    let routingAtStop = 0
    const atStop = (async () => {
      await sleep(startAt + seconds * 1000 - Date.now())
      routingAtStop = await countRouting(db, since)
    })()
    atStop.catch(() => {})

    const done = await Promise.all(reports)
    const kill = { from: killAt * 1000 - 1000, to: (killAt + downFor + restartedIn + 5) * 1000 }
    const views = merge(
      done.filter((r) => r.kind === 'views'),
      kill,
    )
    const leads = merge(
      done.filter((r) => r.kind === 'leads'),
      kill,
    )
    await Promise.all([killed, atStop])
    clearInterval(sampler)
    cpu.freeze()
    const loadSeconds = (Date.now() - startAt) / 1000
    for (const g of generators) {
      const exited = new Promise((r) => g.once('exit', r))
      g.send('exit')
      await exited
    }

    // Until no lead of the run is being offered, then until the analytics flush has settled.
    const stoppedAt = startAt + seconds * 1000
    let routingLeft = await countRouting(db, since)
    while (routingLeft > 0 && Date.now() < stoppedAt + drainSeconds * 1000) {
      await sleep(500)
      routingLeft = await countRouting(db, since)
    }
    const drainedAfter = (Date.now() - stoppedAt) / 1000
    let counted = await pageViewsCounted(db)
    for (let stable = 0, i = 0; stable < 3 && i < 60; i++) {
      await sleep(1000)
      const now = await pageViewsCounted(db)
      stable = now === counted ? stable + 1 : 0
      counted = now
    }
    counted -= countedBefore

    const { posts } = await ask<{ posts: BuyerPost[] }>(buyers.child, 'report')
    const captured = await db
      .selectFrom('lead')
      .select(['id', 'createdAt'])
      .where('createdAt', '>=', since)
      .execute()
    const firstPost = new Map<number, number>()
    for (const p of posts)
      if ((firstPost.get(p.leadId) ?? Number.POSITIVE_INFINITY) > p.at) firstPost.set(p.leadId, p.at)
    const firstOffer = summarize(
      captured.flatMap((l) => {
        const at = firstPost.get(l.id)
        return at === undefined ? [] : [at - new Date(l.createdAt).getTime()]
      }),
    )
    const lost = await missingReferences(db, leads.references)
    const sold = await soldFigures(db, posts, ids)

    const posted = leads.sent
    const ok = Object.entries(leads.statuses)
      .filter(([s]) => s.startsWith('2'))
      .reduce((n, [, c]) => n + c, 0)
    const failed = posted - ok
    const nearKill = leads.errorsDueAt.filter((t) => t >= kill.from && t <= kill.to).length
    const byStatus = Object.entries(leads.statuses)
      .filter(([s]) => !s.startsWith('2'))
      .map(([s, c]) => `${s === '0' ? 'network' : s} × ${fmt(c)}`)
      .join(', ')
    const viewErrors = Object.entries(views.statuses)
      .filter(([s]) => s !== '200' && s !== '304')
      .map(([s, c]) => `${s === '0' ? 'network' : s} × ${fmt(c)}`)
      .join(', ')
    const lag = summarize([...views.lags, ...leads.lags])
    const served = (views.statuses['200'] ?? 0) + (views.statuses['304'] ?? 0)
    const cacheTotal = Object.values(views.cache).reduce((a, b) => a + b, 0)
    const cacheParts = Object.entries(views.cache)
      .sort((a, b) => b[1] - a[1])
      .map(([s, c]) => `${s} ${fmt(c)}`)
      .join(', ')
    const fromCache = ['HIT', 'UPDATING', 'STALE', 'REVALIDATED'].reduce(
      (n, s) => n + (views.cache[s] ?? 0),
      0,
    )
    const pct = (a: number, b: number) => `${fmt(b ? (100 * a) / b : 0, 2)}%`
    const cpuOf = (group: string) => fmt(cpu.seconds(group), 1)

    console.log(
      `Spike (2 instances on PostgreSQL behind the shipped nginx, ${seconds} s open loop: ${fmt(viewRate)} page views/s, ${fmt(leadRate)} leads/s to ${CONTRACTS} contracts, ${CAPPED} capped at ${HOURLY_CAP}/h; instance 2 killed at ${fmt(killAt)} s, restarted ${downFor} s later, answering ${fmt(restartedIn, 1)} s after that):`,
    )
    console.log(
      `  first offer to a buyer: p50 ${ms(firstOffer.p50)}, p99 ${ms(firstOffer.p99)} (${fmt(firstOffer.n)} of ${fmt(captured.length)} captured leads offered)`,
    )
    console.log(
      `  lead post: p50 ${ms(leads.latency.p50)}, p99 ${ms(leads.latency.p99)} (${fmt(posted)} posts, ${fmt(leads.retried)} sent again by the form); away from the kill p50 ${ms(leads.latencyAwayFromKill.p50)}, p99 ${ms(leads.latencyAwayFromKill.p99)}`,
    )
    console.log(
      `  page view: p50 ${ms(views.latency.p50)}, p99 ${ms(views.latency.p99)} (${fmt(views.sent)} views${viewErrors ? `; ${viewErrors}` : ''}); away from the kill p99 ${ms(views.latencyAwayFromKill.p99)}`,
    )
    console.log(
      `  lead posts answered with an error: ${pct(failed, posted)} (${fmt(failed)} of ${fmt(posted)}; ${fmt(nearKill)} due between 1 s before the kill and 5 s after the restart${byStatus ? `; ${byStatus}` : ''})`,
    )
    console.log(`  acknowledged leads lost: ${fmt(lost)} (of ${fmt(leads.references.length)} acknowledged)`)
    console.log(
      `  deliveries over a cap: ${fmt(sold.overCap)} (buyers' side), ${fmt(sold.overCapInDb)} (database); ${fmt(sold.sales)} sales`,
    )
    console.log(
      `  exclusive leads sold twice: ${fmt(sold.soldTwice)} (buyers' side), ${fmt(sold.soldTwiceInDb)} (database)${sold.soldTwiceDescribed.length ? ` (${sold.soldTwiceDescribed.join('; ')}; the kill was at ${new Date(startAt + killAt * 1000).toISOString().slice(11, 23)})` : ''}${sold.unreadable ? `; ${fmt(sold.unreadable)} posts without a readable lead id` : ''}`,
    )
    console.log(
      `  page views served (200/304): ${fmt(served)}; counted (analytics_daily pageview events, after the flush): ${fmt(counted)} (${pct(counted, served)})`,
    )
    console.log(
      `  nginx cache hit share: ${pct(views.cache.HIT ?? 0, cacheTotal)}; answered from the cache at all (HIT, UPDATING, STALE, REVALIDATED): ${pct(fromCache, cacheTotal)} (${cacheParts || 'no X-Cache-Status'})`,
    )
    console.log(
      `  leads still routing when the load stopped: ${fmt(routingAtStop)}; ${routingLeft === 0 ? `none ${fmt(drainedAfter, 1)} s after it stopped` : `${fmt(routingLeft)} still after ${fmt(drainedAfter)} s`}`,
    )
    console.log(
      `  CPU seconds during the load (${fmt(loadSeconds, 1)} s, ${fmt(loadSeconds * os.cpus().length)} core-seconds): app 1 ${cpuOf('app 1')}, app 2 ${cpuOf('app 2')} until killed + ${cpuOf('app 2 restarted')} after the restart, nginx ${cpuOf('nginx')} (${cpu.count('nginx')} processes), PostgreSQL ${cpuOf('postgres')} (${cpu.count('postgres')} backends), generator ${fmt(cpu.seconds('views') + cpu.seconds('leads'), 1)} (views ${cpuOf('views')}, leads ${cpuOf('leads')}), buyers' receivers ${cpuOf('buyers')}; the whole machine (every process, ours or not) ${fmt(cpu.machineBusy(), 1)}`,
    )
    console.log(
      `  generator lateness (its own, not the product's): p99 ${ms(lag.p99)}, ${pct(views.late + leads.late, views.sent + leads.sent)} sent over 100 ms late; event loop busy ${views.busy.map((b) => pct(b, 1)).join(' and ')} of the schedule (${viewProcesses} views ${viewProcesses > 1 ? 'processes' : 'process'}), ${pct(leads.busy[0] ?? 0, 1)} (leads); at most ${fmt(connections)} connections per process${raised ? `; run at nice ${GENERATOR_PRIORITY}` : ''}`,
    )
  } finally {
    if (sampler) clearInterval(sampler)
    for (const g of generators) await stopChild(g)
    await nginx?.stop()
    for (const app of apps) await stopChild(app)
    await clear(db).catch(() => {})
    // Their offers went with the contracts: left as routing, they would hold up the next scenario's
    // wait for routing to end on this database.
    await db
      .updateTable('lead')
      .set({ saleStatus: 'unsold' })
      .where('saleStatus', '=', 'routing')
      .where('createdAt', '>=', since)
      .execute()
      .catch(() => {})
    await database.destroy()
    buyers.child.send('exit')
    await new Promise((r) => (buyers.child.exitCode !== null ? r(null) : buyers.child.once('exit', r)))
  }
}
