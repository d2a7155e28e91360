import { createHmac } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Config, DB } from '../../platform/index.ts'
import { countAdmins, createAdmin } from './admins.server.ts'
import { passwordProblem } from './password-policy.server.ts'

/**
 * The setup token is derived from SESSION_SECRET, not drawn at random: instances behind one proxy
 * share the secret, so the link printed by any of them works on whichever one answers it.
 */
export function setupTokenFor(config: Pick<Config, 'sessionSecret'>): string {
  return createHmac('sha256', config.sessionSecret).update('first-admin-setup').digest('base64url')
}

/**
 * First admin: from ADMIN_EMAIL/ADMIN_PASSWORD when no admin exists yet (never again afterwards);
 * without them, a one-time setup token that /setup accepts. Returns that token, or null.
 */
export async function ensureFirstAdmin(
  db: Kysely<DB>,
  config: Config,
  logger: Logger,
): Promise<string | null> {
  if ((await countAdmins(db)) > 0) return null
  if (config.adminEmail && config.adminPassword) {
    // Refused at start rather than creating an admin anyone could guess into.
    const problem = passwordProblem(config.adminPassword)
    if (problem) throw new Error(`ADMIN_PASSWORD is refused: ${problem}`)
    const admin = await createAdmin(db, {
      email: config.adminEmail,
      password: config.adminPassword,
      role: 'admin',
    })
    logger.info({ adminId: admin.id }, 'first admin created from ADMIN_EMAIL')
    return null
  }
  const token = setupTokenFor(config)
  const origin = config.publicUrl ?? `http://localhost:${config.port}`
  // Printed, not logged as data: this line is meant for the operator's eyes on first start.
  console.log(
    `\nNo admin exists yet. Create the first one here (link valid until used):\n  ${origin}/setup?token=${token}\n`,
  )
  return token
}
