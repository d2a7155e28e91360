import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AppServices } from '../../server/platform/index.ts'

type AppModule = typeof import('../../server/compose/app.ts')

type Layer = {
  rawPath?: unknown
  route?: { path: unknown; methods: Record<string, boolean> }
  handle?: { stack?: Layer[] }
}

function joinPath(prefix: string, part: unknown): string {
  const piece = typeof part === 'string' ? part : `<${String(part)}>`
  return `${prefix}${piece === '/' ? '' : piece}`.replace(/(.)\/$/, '$1')
}

/** "METHOD /full/path" of every route in an Express 5 router stack, descending into mounted routers. */
function registeredRoutes(stack: Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const { route } = layer
      const paths = Array.isArray(route.path) ? route.path : [route.path]
      return paths.flatMap((p) =>
        Object.keys(route.methods)
          .filter((m) => route.methods[m])
          .map((m) => `${m.toUpperCase()} ${joinPath(prefix, p)}`),
      )
    }
    if (layer.handle?.stack) {
      const stackOf = layer.handle.stack
      const paths = Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath]
      return paths.flatMap((p) => registeredRoutes(stackOf, joinPath(prefix, p)))
    }
    return []
  })
}

/** Every route the built app (build/server/index.js) registers, as "METHOD /path/:param". */
export async function expressRoutesOf(services: AppServices): Promise<string[]> {
  const entry = pathToFileURL(path.resolve('build/server/index.js')).href
  const { createApp } = (await import(/* @vite-ignore */ entry)) as AppModule
  const express = createApp(services, { clientDir: path.resolve('build/client') })
  return registeredRoutes((express as unknown as { router: { stack: Layer[] } }).router.stack)
}
