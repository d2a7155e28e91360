import { defineConfig } from 'vite'
import { ISLANDS_INPUT, ISLANDS_MANIFEST } from './server/platform/index.ts'

// The second half of `npm run build`: the public pages' islands script, written beside React
// Router's client build with its own manifest (docs/decisions/0019-public-islands.md).
export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    manifest: ISLANDS_MANIFEST,
    rolldownOptions: {
      input: ISLANDS_INPUT,
      // Libraries' "use client" lines mean nothing in a browser-only bundle.
      onLog: (level, log, handler) =>
        log.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : handler(level, log),
      output: {
        entryFileNames: 'assets/islands-[hash].js',
        chunkFileNames: 'assets/islands-[name]-[hash].js',
      },
    },
  },
})
