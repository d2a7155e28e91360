import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { SSO_TEST_CLIENT } from './tests/support/sso-test-client.ts'

const port = Number(process.env.E2E_PORT ?? 5099)
const e2eDir = `.tmp/e2e-${port}`
export const e2eDatabaseFile = path.resolve(e2eDir, 'app.db')
export const e2eOutbox = path.resolve(e2eDir, 'outbox')
// The local OpenID provider single sign-on signs in through (tests/e2e/sso.spec.ts).
const ssoPort = Number(process.env.E2E_SSO_PORT ?? port + 7)
export const e2eSsoIssuer = `http://127.0.0.1:${ssoPort}`

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
  webServer: [
    {
      command: `exec node tests/support/oidc-provider.ts ${ssoPort} http://127.0.0.1:${port}/api/auth/sso/callback`,
      url: `${e2eSsoIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `rm -rf ${e2eDir} && node scripts/ensure-build.ts && exec node server/compose/main.ts`,
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
        // The e2e admin (admin@example.com) is outside the allowed domain: password sign-in stays as it was.
        SSO_ISSUER: e2eSsoIssuer,
        SSO_CLIENT_ID: SSO_TEST_CLIENT.clientId,
        SSO_CLIENT_SECRET: SSO_TEST_CLIENT.clientSecret,
        SSO_PROVIDER_NAME: SSO_TEST_CLIENT.providerName,
        SSO_ALLOWED_DOMAINS: SSO_TEST_CLIENT.allowedDomain,
        SSO_NEW_USERS: 'create',
        SSO_DEFAULT_ROLE: 'editor',
        SSO_ALLOW_HTTP: 'true',
        // Server-side conversions (tests/e2e/conversions.spec.ts): a fixed key, and the platforms'
        // endpoints on this server, where they answer 404: nothing leaves the machine.
        CONVERSIONS_KEY: Buffer.alloc(32, 7).toString('base64'),
        GOOGLE_DATA_MANAGER_URL: `http://127.0.0.1:${port}/e2e-platforms/google`,
        GOOGLE_OAUTH_TOKEN_URL: `http://127.0.0.1:${port}/e2e-platforms/google-token`,
        META_GRAPH_URL: `http://127.0.0.1:${port}/e2e-platforms/meta`,
        TIKTOK_EVENTS_URL: `http://127.0.0.1:${port}/e2e-platforms/tiktok`,
      },
    },
  ],
})
