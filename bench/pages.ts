// Public page speed against its limits, measured side by side in one run: the app's cached home
// page, a bare Node server writing the same bytes, nginx serving them as a file, and the app behind
// the shipped nginx configuration with its proxy cache. Rounds alternate so that a noisy machine
// affects every contender alike; each figure is the median of its rounds.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

export type Load = { rps: number; p99: number; errors: number }
type Contender = { name: string; url: string; headers?: string[] }

const connections = 50

export function wrk(url: string, seconds: number, headers: string[] = []): Load {
  const args = ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency']
  for (const h of headers) args.push('-H', h)
  const out = execFileSync('wrk', [...args, url], { encoding: 'utf8' })
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)
  const p99raw = /99%\s+([\d.]+)(us|ms|s)\b/.exec(out)
  const unit = p99raw?.[2] === 'us' ? 0.001 : p99raw?.[2] === 's' ? 1000 : 1
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0
  return { rps, p99: Number(p99raw?.[1] ?? 0) * unit, errors: non2xx + socketErrors }
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/** The response exactly as the app sends it to a client that asks for no compression. */
export function fetchRaw(
  url: string,
  requestHeaders: Record<string, string> = {},
): Promise<{ headers: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: requestHeaders }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const headers: string[] = []
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i] as string
            if (!/^(date|connection|keep-alive|transfer-encoding)$/i.test(name))
              headers.push(name, res.rawHeaders[i + 1] as string)
          }
          resolve({ headers, body: Buffer.concat(chunks) })
        })
      })
      .on('error', reject)
  })
}

export async function startBare(root: string, work: string, port: number, headers: string[], body: Buffer) {
  const file = path.join(work, `bare-${port}.json`)
  fs.writeFileSync(file, JSON.stringify({ headers, body: body.toString('base64') }))
  const child = spawn(process.execPath, [path.join(root, 'bench/bare-server.ts'), String(port), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()))
  return child
}

function startStaticNginx(work: string, port: number, body: Buffer) {
  const dir = path.join(work, `nginx-static-${port}`)
  fs.mkdirSync(path.join(dir, 'www'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'www/index.html'), body)
  const conf = path.join(dir, 'nginx.conf')
  const user = process.getuid?.() === 0 ? 'user root;' : ''
  fs.writeFileSync(
    conf,
    `${user} worker_processes auto; pid ${dir}/nginx.pid; error_log ${dir}/error.log; daemon on;
events { worker_connections 4096; }
http { access_log off; sendfile on; tcp_nopush on; default_type text/html; etag on;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${dir}/www; } }`,
  )
  execFileSync('nginx', ['-c', conf, '-p', dir])
  return { stop: () => execFileSync('nginx', ['-c', conf, '-p', dir, '-s', 'stop']) }
}

export function stopChild(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

export type BehindNginx = { url: string; stop(): Promise<void> | void }

/**
 * `appUrl`: the running app's home page. `behindNginx`, when given, puts the shipped nginx
 * configuration in front of the app and returns the home page's address through it.
 */
export async function benchPages(options: {
  root: string
  work: string
  appUrl: string
  seconds: number
  rounds?: number
  basePort: number
  behindNginx?: () => Promise<BehindNginx | undefined>
  /** What the page is, in the printed figures. */
  label?: string
}) {
  const { root, work, appUrl, seconds, basePort } = options
  const label = options.label ?? 'Home page'
  const rounds = options.rounds ?? 5
  const page = await fetchRaw(appUrl)
  const minimal = ['Content-Type', 'text/html; charset=utf-8', 'Content-Length', String(page.body.length)]
  const bare = await startBare(root, work, basePort, page.headers, page.body)
  const bareMinimal = await startBare(root, work, basePort + 1, minimal, page.body)
  const nginx = startStaticNginx(work, basePort + 2, page.body)
  const proxied = options.behindNginx ? await options.behindNginx() : undefined
  const contenders: Contender[] = [
    { name: `app (cached ${label.toLowerCase()})`, url: appUrl },
    { name: 'bare Node, same headers and body', url: `http://127.0.0.1:${basePort}/` },
    { name: 'bare Node, same body', url: `http://127.0.0.1:${basePort + 1}/` },
    { name: 'nginx, the body as a file', url: `http://127.0.0.1:${basePort + 2}/index.html` },
    ...(proxied ? [{ name: 'app behind the shipped nginx (proxy cache on)', url: proxied.url }] : []),
  ]
  const results = new Map<string, Load[]>(contenders.map((c) => [c.name, []]))
  try {
    for (const c of contenders) wrk(c.url, 1) // warm up: JIT, caches, connections
    for (let round = 0; round < rounds; round++) {
      for (const c of contenders) results.get(c.name)?.push(wrk(c.url, seconds, c.headers))
    }
  } finally {
    await Promise.all([stopChild(bare), stopChild(bareMinimal), proxied?.stop()])
    nginx.stop()
  }
  const summary = new Map(
    contenders.map((c) => {
      const runs = results.get(c.name) ?? []
      return [
        c.name,
        {
          rps: median(runs.map((r) => r.rps)),
          p99: median(runs.map((r) => r.p99)),
          errors: runs.reduce((sum, r) => sum + r.errors, 0),
        },
      ]
    }),
  )
  const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: digits })
  console.log(
    `${label} (${fmt(page.body.length)} bytes uncompressed, ${page.headers.length / 2} headers), ${connections} connections, median of ${rounds} × ${seconds}s rounds:`,
  )
  for (const [name, r] of summary)
    console.log(`  ${name}: ${fmt(r.rps)} req/s, p99 ${fmt(r.p99, 2)} ms, errors ${r.errors}`)
  const app = summary.get(contenders[0]?.name ?? '') as Load
  const ratio = (name: string) => app.rps / (summary.get(name)?.rps || Number.NaN)
  console.log(
    `  ratio app / bare Node (same bytes): ${fmt(ratio('bare Node, same headers and body'), 2)} (goal ≥ 0.8); app / bare Node (same body, minimal headers): ${fmt(ratio('bare Node, same body'), 2)}; p99 ${fmt(app.p99, 2)} ms (goal < 10 ms)`,
  )
  if (proxied) {
    const behind = summary.get('app behind the shipped nginx (proxy cache on)') as Load
    const file = summary.get('nginx, the body as a file') as Load
    console.log(
      `  ratio app behind nginx / nginx serving the file: ${fmt(behind.rps / file.rps, 2)} (goal ≥ 0.6)`,
    )
  }
  return summary
}
