import pino from 'pino'

export function createLogger(level: string) {
  return pino({
    level,
    base: undefined,
    // Belt and braces: lead fields must never reach the log in full.
    redact: {
      paths: ['*.email', '*.phone', '*.firstName', '*.lastName', '*.password', 'req.headers.cookie'],
      censor: '[redacted]',
    },
  })
}
