import { Writable } from 'node:stream'
import pino from 'pino'

const levels: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
}
const colours: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[31m' }

/** Development: one short readable line per entry (time, level, message, the rest as key=value). */
function prettyStream(out: NodeJS.WritableStream = process.stdout) {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue
        try {
          const { level, time, msg, err, ...rest } = JSON.parse(line) as Record<string, unknown>
          const stamp = new Date(Number(time)).toTimeString().slice(0, 8)
          const name = levels[Number(level)] ?? String(level)
          const colour = colours[Number(level)] ?? ''
          const extra = Object.entries(rest)
            .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
            .join(' ')
          const stack = (err as { stack?: string } | undefined)?.stack
          out.write(
            `${stamp} ${colour}${name.padEnd(5)}\x1b[0m ${String(msg ?? '')}${extra ? ` \x1b[2m${extra}\x1b[0m` : ''}\n`,
          )
          if (stack) out.write(`${stack}\n`)
        } catch {
          out.write(`${line}\n`)
        }
      }
      done()
    },
  })
}

/** JSON lines in production (for the log collector); short readable lines in development. */
export function createLogger(level: string, options: { pretty?: boolean } = {}) {
  const settings: pino.LoggerOptions = {
    level,
    base: undefined,
    // Belt and braces: lead fields must never reach the log in full.
    redact: {
      paths: ['*.email', '*.phone', '*.firstName', '*.lastName', '*.password', 'req.headers.cookie'],
      censor: '[redacted]',
    },
  }
  return options.pretty ? pino(settings, prettyStream()) : pino(settings)
}
