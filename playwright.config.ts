import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 5099)
const e2eDir = `.tmp/e2e-${port}`
export const e2eDatabaseFile = path.resolve(e2eDir, 'app.db')
export const e2eOutbox = path.resolve(e2eDir, 'outbox')

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A stored cookie choice keeps the consent dialog out of the way; the consent tests clear it.
    storageState: {
      cookies: [],
      origins: [
        {
          origin: `http://127.0.0.1:${port}`,
          localStorage: [
            {
              name: 'cookie_consent_v1',
              value: JSON.stringify({
                essential: true,
                analytics: false,
                marketing: false,
                preferences: false,
                timestamp: Date.now(),
                version: '1.0',
              }),
            },
          ],
        },
      ],
    },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `rm -rf ${e2eDir} && node scripts/ensure-build.ts && exec node server/index.ts`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATABASE_URL: `file:${e2eDatabaseFile}`,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      SESSION_SECRET: 'e2e-session-secret-0123456789',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'correct-horse-battery',
      MAIL_OUTBOX: e2eOutbox,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  },
})
