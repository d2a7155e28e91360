import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD_COMMON, PASSWORD_SHORT } from '../../core/schemas/fields.ts'
import {
  ensureFirstAdmin,
  findAdminByEmail,
  setResetToken,
  tokenDigest,
  verifyPassword,
} from '../../server/identity/index.ts'
import { type AdminClient, createSignedInAdmin, signIn, uniqueEmail } from '../support/admin-client.ts'
import { createTestDatabase, startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const run = promisify(execFile)

/** The passwords every way of setting one must refuse, and why. */
const refused = [
  ['password', PASSWORD_SHORT],
  ['passwordpassword', PASSWORD_COMMON],
  ['Password1234', PASSWORD_COMMON],
  ['k9#vLq2mZ4x', PASSWORD_SHORT],
] as const
const GOOD = 'tawny-kettle-orbit-42'

describe(`the password rule wherever a password is set, on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
  })

  async function expectMessage(response: Response, status: number, message: string) {
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual({ message })
  }

  it('first-admin setup refuses short and common passwords, then accepts a good one', async () => {
    // A second app on a fresh database: setup is open only while no admin exists.
    const fresh = await startTestApp()
    try {
      fresh.services.setup.token = 'setup-token-for-test'
      const body = (password: string) => ({
        token: 'setup-token-for-test',
        email: 'first@example.test',
        password,
      })
      for (const [password, message] of refused) {
        await expectMessage(await fresh.postJson('/api/setup', body(password)), 400, message)
      }
      const form = await fresh.request('/api/setup', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body('passwordpassword')),
      })
      expect(form.status).toBe(303)
      expect(form.headers.get('location')).toContain('error=password-common')
      expect(await findAdminByEmail(fresh.database.db, 'first@example.test')).toBeUndefined()
      expect((await fresh.postJson('/api/setup', body(GOOD))).status).toBe(201)
    } finally {
      await fresh.close()
    }
  })

  it('reset refuses short and common passwords without using up the token, then accepts a good one', async () => {
    const email = uniqueEmail('reset')
    const user = await createSignedInAdmin(app, { role: 'editor', email })
    const token = 'reset-token-for-password-test'
    await setResetToken(app.database.db, user.id, tokenDigest(token), new Date(Date.now() + 600_000))
    for (const [newPassword, message] of refused) {
      await expectMessage(
        await app.postJson('/api/auth/reset-password', { token, newPassword }),
        400,
        message,
      )
    }
    const form = await app.request('/api/auth/reset-password', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, newPassword: 'Password1234' }),
    })
    expect(form.status).toBe(303)
    expect(form.headers.get('location')).toContain('error=password-common')
    await signIn(app, email, user.password)
    const reset = await app.postJson('/api/auth/reset-password', { token, newPassword: GOOD })
    expect(reset.status).toBe(200)
    await signIn(app, email, GOOD)
  })

  it('the users API refuses short and common passwords, then accepts a good one', async () => {
    const email = uniqueEmail('created')
    for (const [password, message] of refused) {
      await expectMessage(await admin.post('/api/admin/users', { email, password }), 400, message)
    }
    expect(await findAdminByEmail(app.database.db, email)).toBeUndefined()
    const created = await admin.post('/api/admin/users', { email, password: GOOD })
    expect(created.status).toBe(201)
    await signIn(app, email, GOOD)
  })

  describe('npm run admin', () => {
    const cli = (...args: string[]) =>
      run(process.execPath, ['scripts/admin.ts', ...args], {
        env: { ...process.env, DATABASE_URL: app.database.url, NODE_ENV: 'test' },
      }).then(
        ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      )

    it('create refuses short and common passwords, then accepts a good one', async () => {
      const email = uniqueEmail('cli')
      for (const [password, message] of refused) {
        const answer = await cli('create', '--email', email, '--password', password, '--role', 'editor')
        expect(answer.code, password).toBe(1)
        expect(answer.stderr.trim()).toBe(message)
      }
      expect(await findAdminByEmail(app.database.db, email)).toBeUndefined()
      const answer = await cli('create', '--email', email, '--password', GOOD, '--role', 'editor')
      expect(answer.code, answer.stderr).toBe(0)
      expect(answer.stdout).toContain(`Created editor ${email}`)
    })

    it('set-password refuses short and common passwords, then accepts a good one', async () => {
      const email = uniqueEmail('cli-set')
      const user = await createSignedInAdmin(app, { role: 'editor', email })
      for (const [password, message] of refused) {
        const answer = await cli('set-password', '--email', email, '--password', password)
        expect(answer.code, password).toBe(1)
        expect(answer.stderr.trim()).toBe(message)
      }
      await signIn(app, email, user.password)
      const answer = await cli('set-password', '--email', email, '--password', GOOD)
      expect(answer.code, answer.stderr).toBe(0)
      await signIn(app, email, GOOD)
    })
  })
})

describe(`ADMIN_PASSWORD on first start, on ${testDialect}`, () => {
  const logger = pino({ level: 'silent' })
  const base = { adminEmail: 'boot@example.test', sessionSecret: 'boot-secret-0123456789', port: 5000 }

  it.each(refused)('refuses %s with a clear error and creates no admin', async (adminPassword, message) => {
    const database = await createTestDatabase()
    try {
      const { migrateToLatest } = await import('../../server/platform/index.ts')
      await migrateToLatest(database.db.withoutPlugins(), database.dialect)
      const config = { ...base, adminPassword } as Parameters<typeof ensureFirstAdmin>[1]
      await expect(ensureFirstAdmin(database.db, config, logger)).rejects.toThrow(
        `ADMIN_PASSWORD is refused: ${message}`,
      )
      expect(await findAdminByEmail(database.db, 'boot@example.test')).toBeUndefined()
    } finally {
      await database.destroy()
    }
  })

  it('creates the first admin from a good one', async () => {
    const database = await createTestDatabase()
    try {
      const { migrateToLatest } = await import('../../server/platform/index.ts')
      await migrateToLatest(database.db.withoutPlugins(), database.dialect)
      const config = { ...base, adminPassword: GOOD } as Parameters<typeof ensureFirstAdmin>[1]
      expect(await ensureFirstAdmin(database.db, config, logger)).toBeNull()
      const row = await findAdminByEmail(database.db, 'boot@example.test')
      expect(row?.role).toBe('admin')
      expect(await verifyPassword(row?.passwordHash ?? '', GOOD)).toBe(true)
    } finally {
      await database.destroy()
    }
  })
})
