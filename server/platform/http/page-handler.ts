import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@react-router/node'
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from 'express'
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import { siteOrigin, urlOnSite } from './request-target.ts'

/** The origin a page is rendered for (configuration first; see request-target.ts). */
export function renderOrigin(publicUrl: string | undefined, req: ExpressRequest): string {
  return siteOrigin(publicUrl, req.protocol, req.get('host'))
}

function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else headers.set(name, value)
  }
  return headers
}

/**
 * React Router behind Express, as `@react-router/express` does it, except for the URL: its origin
 * comes from PUBLIC_URL (or the checked Host), and the path and query are set as parts, never
 * parsed together with the origin, so no request path can name another host.
 */
export function pageHandler(options: {
  build: ServerBuild
  mode: 'development' | 'production'
  publicUrl: string | undefined
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider
}): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode)
  return async (req, res, next) => {
    try {
      const controller = new AbortController()
      let finished = false
      res.on('finish', () => {
        finished = true
      })
      res.on('close', () => {
        if (!finished) controller.abort()
      })
      const init: RequestInit & { duplex?: 'half' } = {
        method: req.method,
        headers: requestHeaders(req),
        signal: controller.signal,
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        init.body = createReadableStreamFromReadable(req)
        init.duplex = 'half'
      }
      const url = urlOnSite(renderOrigin(options.publicUrl, req), req.originalUrl)
      const response = await handle(new Request(url, init), options.getLoadContext(req, res))
      if (res.destroyed || res.writableEnded) {
        await response.body?.cancel()
        return
      }
      res.statusMessage = response.statusText
      res.status(response.status)
      for (const [name, value] of response.headers.entries()) res.append(name, value)
      if (response.body) {
        try {
          await writeReadableStreamToWritable(response.body, res)
        } catch (error) {
          if (res.destroyed || res.writableEnded) return
          throw error
        }
      } else res.end()
    } catch (error) {
      next(error)
    }
  }
}
