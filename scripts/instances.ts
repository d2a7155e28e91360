// Starting and stopping production app instances as child processes: `npm run cluster`, the bench
// and the cluster tests.
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

export type Instance = {
  port: number
  url: string
  child: ChildProcess
  /** SIGTERM, then the exit code (0 after a graceful stop). */
  stop(): Promise<number | null>
}

export async function waitForHealth(url: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`${url} did not become healthy`)
}

/** `node server/compose/main.ts` in production mode on this port; resolves once /healthz answers. */
export async function startInstance(
  port: number,
  env: Record<string, string | undefined>,
  output: 'inherit' | 'ignore' | ((line: string) => void) = 'ignore',
): Promise<Instance> {
  const child = spawn(process.execPath, ['server/compose/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: [
      'ignore',
      typeof output === 'function' ? 'pipe' : output,
      typeof output === 'function' ? 'pipe' : output,
    ],
  })
  if (typeof output === 'function') {
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = ''
      stream?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8')
        const lines = buffered.split('\n')
        buffered = lines.pop() ?? ''
        for (const line of lines) output(line)
      })
    }
  }
  const url = `http://127.0.0.1:${port}`
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  await Promise.race([
    waitForHealth(url),
    exited.then((code) => {
      throw new Error(`instance on port ${port} exited with ${code} before it was healthy`)
    }),
  ])
  return {
    port,
    url,
    child,
    stop: async () => {
      if (child.exitCode !== null) return child.exitCode
      child.kill('SIGTERM')
      return exited
    },
  }
}
