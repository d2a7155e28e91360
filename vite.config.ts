import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [tailwindcss(), !process.env.VITEST && reactRouter()],
  environments: {
    // The SSR bundle's entry is the whole Express app, so route modules and API routers share one
    // copy of every module (see docs/decisions/0002-server-bundle.md).
    ssr: { build: { rolldownOptions: { input: './server/app.ts' } } },
  },
  test: {
    include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
