import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from 'pino'
import type { Config } from '../config.ts'

export type Mail = { to: string; subject: string; text: string }
export type Mailer = { send: (mail: Mail) => Promise<void> }

/**
 * SMTP when SMTP_URL is set; otherwise an outbox folder (tests read it), or the log in
 * development. In production without either, mail is dropped with a warning that names no link.
 */
export function createMailer(config: Config, logger: Logger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl)
    return {
      send: async (mail) => {
        await transport.sendMail({ from: config.mailFrom, ...mail })
      },
    }
  }
  if (config.mailOutbox) {
    const outbox = config.mailOutbox
    return {
      send: async (mail) => {
        await fs.mkdir(outbox, { recursive: true })
        const file = path.join(outbox, `${Date.now()}-${Math.random().toString(36).slice(2)}.json`)
        await fs.writeFile(
          file,
          JSON.stringify({ from: config.mailFrom, ...mail, sentAt: new Date() }, null, 2),
        )
      },
    }
  }
  if (config.nodeEnv === 'development') {
    return {
      send: async (mail) => {
        logger.info({ mail }, 'mail (development: not sent)')
      },
    }
  }
  return {
    send: async (mail) => {
      logger.warn({ subject: mail.subject }, 'mail not sent: SMTP_URL is not configured')
    },
  }
}
