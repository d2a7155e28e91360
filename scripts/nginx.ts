// Runs nginx on this machine with the shipped deploy/nginx.conf, rendered for a local run: the
// given instances, a listen port on 127.0.0.1, its own cache and temp folders, no TLS.
// Used by `npm run cluster`, the bench and the cluster tests.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

export type NginxOptions = {
  /** Where nginx listens, on 127.0.0.1. */
  port: number
  /** The app instances' ports, on 127.0.0.1. */
  upstreams: number[]
  /** A folder of its own: config, pid, logs, temp files and the proxy cache go there. */
  workDir: string
  /** The build's browser folder (build/client). */
  clientDir?: string
  /** The page-view log (docs/decisions/0085-page-views-from-nginx.md): `views.log` in workDir by default. */
  viewLog?: string
}

export type RunningNginx = {
  port: number
  url: string
  errorLog: string
  /** The page-view log the instances read (PAGE_VIEW_LOG). */
  viewLog: string
  /** Makes nginx reopen its logs, as logrotate's postrotate does. */
  reopenLogs(): void
  stop(): Promise<void>
}

/** Where a local nginx writes its page-view log. */
export const viewLogOf = (options: Pick<NginxOptions, 'workDir' | 'viewLog'>) =>
  options.viewLog ?? path.join(options.workDir, 'views.log')

/** deploy/nginx.conf as a local run needs it; throws if a line it must change is missing. */
export function renderSiteConfig(options: NginxOptions): string {
  let conf = fs.readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
  const replace = (pattern: RegExp, by: string) => {
    if (!pattern.test(conf)) throw new Error(`deploy/nginx.conf: nothing matches ${pattern}`)
    conf = conf.replace(pattern, by)
  }
  replace(/^# begin http-redirect\n[\s\S]*?^# end http-redirect\n/m, '')
  conf = conf
    .split('\n')
    .filter((line) => !/#\s*tls\s*$/.test(line))
    .join('\n')
  replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${options.port};`)
  const servers = /^(\s*)server \S+( [^;\n]*)?;\n(?:\s*server [^\n]+\n)*/m
  const first = servers.exec(conf.slice(conf.indexOf('upstream claim_checker')))
  if (!first) throw new Error('deploy/nginx.conf: no server lines in upstream claim_checker')
  const [, indent, params = ''] = first
  conf = conf.replace(
    first[0],
    options.upstreams.map((port) => `${indent}server 127.0.0.1:${port}${params};\n`).join(''),
  )
  replace(/\/var\/cache\/nginx\/claim-checker/, path.join(options.workDir, 'cache'))
  replace(/\/srv\/claim-checker\/build\/client/, options.clientDir ?? path.join(root, 'build/client'))
  replace(/\/var\/log\/nginx\/claim-views\.log/g, viewLogOf(options))
  return conf
}

/** Starts nginx (from PATH or /usr/sbin) in the background and waits until it answers. */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const dir = options.workDir
  fs.mkdirSync(path.join(dir, 'cache'), { recursive: true })
  fs.mkdirSync(path.join(dir, 'temp'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'site.conf'), renderSiteConfig(options))
  const asRoot = process.getuid?.() === 0
  const temp = path.join(dir, 'temp')
  const main = `${asRoot ? 'user root;\n' : ''}worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon on;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    tcp_nopush on;
    client_body_temp_path ${temp}/body;
    proxy_temp_path ${temp}/proxy;
    fastcgi_temp_path ${temp}/fastcgi;
    uwsgi_temp_path ${temp}/uwsgi;
    scgi_temp_path ${temp}/scgi;
    include ${dir}/site.conf;
}
`
  const conf = path.join(dir, 'nginx.conf')
  fs.writeFileSync(conf, main)
  const bin = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'
  execFileSync(bin, ['-t', '-q', '-p', dir, '-c', conf], { stdio: 'pipe' })
  // UK days for the experiment bucket (deploy/nginx.conf): nginx reads TZ from its environment.
  execFileSync(bin, ['-p', dir, '-c', conf], { stdio: 'pipe', env: { ...process.env, TZ: 'Europe/London' } })
  const url = `http://127.0.0.1:${options.port}`
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${url}/assets/`, { redirect: 'manual' })
      break
    } catch {
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  return {
    port: options.port,
    url,
    errorLog: path.join(dir, 'error.log'),
    viewLog: viewLogOf(options),
    reopenLogs: () => execFileSync(bin, ['-p', dir, '-c', conf, '-s', 'reopen'], { stdio: 'pipe' }),
    stop: async () => {
      const pidFile = path.join(dir, 'nginx.pid')
      if (!fs.existsSync(pidFile)) return
      execFileSync(bin, ['-p', dir, '-c', conf, '-s', 'quit'], { stdio: 'pipe' })
      for (let i = 0; i < 100 && fs.existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 50))
    },
  }
}
