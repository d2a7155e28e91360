// `npm run cluster`: two production instances and nginx (deploy/nginx.conf) on one PostgreSQL, on
// this machine. DATABASE_URL=postgres://… uses that database; otherwise a throwaway PostgreSQL
// cluster is started (Debian's server binaries) and removed on exit. Ctrl+C stops everything.
import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Instance, startInstance } from './instances.ts'
import { startNginx, viewLogOf } from './nginx.ts'

const root = path.resolve(import.meta.dirname, '..')
const nginxPort = Number(process.env.CLUSTER_PORT ?? 8080)
const ports = [
  Number(process.env.CLUSTER_FIRST_PORT ?? 3001),
  Number(process.env.CLUSTER_FIRST_PORT ?? 3001) + 1,
]
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-cluster-'))

execFileSync(process.execPath, ['scripts/ensure-build.ts'], { cwd: root, stdio: 'inherit' })

let databaseUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined
let pgDir: string | undefined
if (!databaseUrl) {
  const port = Number(process.env.CLUSTER_PG_PORT ?? 55440)
  const out = spawnSync(
    'bash',
    ['-c', `source scripts/postgres.sh && PG_TEST_PORT=${port} pg_start >&2 && echo "$PG_TEST_DIR"`],
    {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  if (out.status !== 0)
    throw new Error('Could not start PostgreSQL (are Debian’s postgresql server binaries installed?)')
  pgDir = out.stdout.trim()
  databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`
}

const env = {
  DATABASE_URL: databaseUrl,
  // Every instance must sign sessions with the same secret, or a sign-in works on one only.
  SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
  TRUST_PROXY: 'loopback',
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${nginxPort}`,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  // Page views, nginx's cached ones too, are counted from its page-view log (ADR 0085).
  PAGE_VIEWS: 'nginx-log',
  PAGE_VIEW_LOG: viewLogOf({ workDir: path.join(work, 'nginx') }),
}

const instances: Instance[] = []
let stopping = false
async function stopAll() {
  if (stopping) return
  stopping = true
  await nginx?.stop()
  await Promise.all(instances.map((i) => i.stop()))
  if (pgDir)
    spawnSync('bash', ['-c', `source scripts/postgres.sh && PG_TEST_DIR='${pgDir}' pg_stop`], { cwd: root })
  fs.rmSync(work, { recursive: true, force: true })
  process.exit(0)
}
process.on('SIGINT', () => void stopAll())
process.on('SIGTERM', () => void stopAll())

let nginx: Awaited<ReturnType<typeof startNginx>> | undefined
try {
  // One at a time: the first migrates and seeds, the second finds it done.
  for (const [n, port] of ports.entries()) {
    instances.push(await startInstance(port, env, (line) => console.log(`[instance ${n + 1}] ${line}`)))
  }
  nginx = await startNginx({ port: nginxPort, upstreams: ports, workDir: path.join(work, 'nginx') })
  console.log(
    `\nCluster ready: http://localhost:${nginxPort} (nginx) → instances on ${ports.join(' and ')}, PostgreSQL ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`,
  )
  console.log(
    'The first admin: use the setup link printed above (or `npm run admin`). Ctrl+C stops everything.',
  )
} catch (err) {
  console.error(err)
  await stopAll()
}
