import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

/**
 * The app as a bench runs it: its own process, production mode, rate limits off, on `port`, with
 * `env` added (an admin to sign in as, a CA to trust). BENCH_NODE_ARGS passes flags to Node (a CPU
 * profile). Resolves once /healthz answers.
 */
export async function startApp(
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []),
      'server/compose/main.ts',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        RATE_LIMITS: 'off',
        NODE_ENV: 'production',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill('SIGTERM')
  throw new Error(`the app on port ${port} did not start`)
}
