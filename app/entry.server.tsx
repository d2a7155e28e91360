import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router'
import { consentModeBootstrap, consentScriptActivator, cookiePreferencesOpener } from '../core/consent.ts'
import { isAdminPath } from '../core/paths.ts'
import {
  criticalCssContext,
  islandAssetsContext,
  isRefusedActionOrigin,
  NONCE_PLACEHOLDER,
  requestContext,
  servicesContext,
} from '../server/platform/index.ts'
import { IslandAssetsContext, islandsLoader } from './islands/assets.ts'
import { NonceContext } from './lib/nonce.ts'

export const streamTimeout = 5_000

/**
 * Errors React Router catches go to the app's logger (silent in tests), not to the console. What
 * a caller caused (a 404, a 405 for a post to a page without a form) is a warning without a stack.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  const logger = (context as RouterContextProvider).get(servicesContext).logger
  const path = new URL(request.url).pathname
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.warn({ status: error.status, method: request.method, path }, 'page request refused')
    return
  }
  if (isRefusedActionOrigin(request)) {
    logger.warn({ status: 400, method: request.method, path }, 'cross-site form post refused')
    return
  }
  logger.error({ err: error, path }, 'page error')
}

function renderDocument(element: React.ReactElement, nonce: string) {
  return new Promise<{ html: string; failed: boolean }>((resolve, reject) => {
    let failed = false
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        chunks.push(Buffer.from(chunk))
        callback()
      },
      final(callback) {
        clearTimeout(timeout)
        resolve({ html: Buffer.concat(chunks).toString('utf8'), failed })
        callback()
      },
    })
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onAllReady: () => pipe(sink),
      onShellError: reject,
      onError(error: unknown) {
        failed = true
        console.error(error)
      },
    })
    const timeout = setTimeout(() => abort(), streamTimeout + 1000)
  })
}

function insertAfter(html: string, marker: string, markup: string) {
  const at = html.indexOf(marker)
  return at < 0 ? html : html.slice(0, at + marker.length) + markup + html.slice(at + marker.length)
}

function insertBefore(html: string, marker: string, markup: string) {
  const at = html.lastIndexOf(marker)
  return at < 0 || !markup ? html : `${html.slice(0, at)}${markup}\n${html.slice(at)}`
}

/**
 * Renders the whole document, then, on public pages, adds the Consent Mode defaults and the Cookie
 * Preferences handler as the first script of the head and the operator's active scripts before </head> and </body>. Every script
 * carries this response's CSP nonce.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const { nonce } = loadContext.get(requestContext)
  let { html, failed } = await renderDocument(
    <NonceContext value={NONCE_PLACEHOLDER}>
      <IslandAssetsContext value={loadContext.get(islandAssetsContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={NONCE_PLACEHOLDER} />
      </IslandAssetsContext>
    </NonceContext>,
    NONCE_PLACEHOLDER,
  )
  if (!isAdminPath(new URL(request.url).pathname)) {
    const { scripts } = await loadContext.get(servicesContext).site.get()
    const bootstrap = `<script nonce="${NONCE_PLACEHOLDER}">${consentModeBootstrap()};${cookiePreferencesOpener()}</script>`
    html = html.includes('<meta charSet="utf-8"/>')
      ? insertAfter(html, '<meta charSet="utf-8"/>', bootstrap)
      : insertAfter(html, '<head>', bootstrap)
    html = insertBefore(html, '</head>', scripts.head)
    const activator = `<script nonce="${NONCE_PLACEHOLDER}">${consentScriptActivator()}</script>`
    html = insertBefore(html, '</body>', scripts.body ? `${scripts.body}\n${activator}` : activator)
    const islands = loadContext.get(islandAssetsContext)
    const criticalCss = loadContext.get(criticalCssContext)
    if (islands && criticalCss && html.includes(islandsLoader(islands.entry))) {
      html = criticalCss.inline(html)
    }
  }
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(html.replaceAll(NONCE_PLACEHOLDER, nonce), {
    headers: responseHeaders,
    status: failed ? 500 : responseStatusCode,
  })
}
