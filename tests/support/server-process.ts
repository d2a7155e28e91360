import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

/** A free TCP port on 127.0.0.1 (free when asked: the caller binds it straight after). */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

export type ServerProcess = {
  child: ChildProcess
  baseUrl: string
  /** SIGKILL: no shutdown, nothing recorded after this instant. */
  kill: () => Promise<void>
  /** SIGTERM: the graceful shutdown; resolves with the exit code. */
  stop: () => Promise<number | null>
  /** What the server wrote to stderr (for a failing test's message). */
  stderr: () => string
}

/**
 * The real server (`node server/compose/main.ts`, the built app) as its own process on `databaseUrl`,
 * as production runs it, with `env` added. Resolves once /healthz answers.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort()
  let errors = ''
  const child = spawn(process.execPath, ['server/compose/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      RATE_LIMITS: 'off',
      SESSION_SECRET: 'server-process-session-secret-0123',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8')
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const baseUrl = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${errors}`)
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break
    } catch {}
    if (i > 300) {
      child.kill('SIGKILL')
      throw new Error(`the server did not answer /healthz: ${errors}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    child,
    baseUrl,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return exited
    },
    stderr: () => errors,
  }
}
