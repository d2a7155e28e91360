import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [tailwindcss(), !process.env.VITEST && reactRouter()],
  environments: {
    // The SSR bundle's entry is the whole Express app, so route modules and API routers share one
    // copy of every module (docs/decisions/0002-server-bundle.md).
    ssr: { build: { rolldownOptions: { input: './server/compose/app.ts' } } },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'core/**/*.test.ts',
            'app/**/*.test.ts',
            'server/**/*.test.ts',
            'docs/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
