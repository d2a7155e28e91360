import './lib/zod-browser.ts'
import { useEffect } from 'react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
} from 'react-router'
import { type FooterCompliance, readCompliance } from '../core/compliance.ts'
import { isAdminPath } from '../core/paths.ts'
import { readFacts } from '../core/site-facts.ts'
import { servicesContext } from '../server/platform/index.ts'
import type { Route } from './+types/root'
import './app.css'
import { Button } from './components/ui/button.tsx'
import { Toasts } from './components/ui/toasts.tsx'
import { captureLanding } from './features/attribution/attribution-store.ts'
import { SiteFactsContext } from './features/blocks/block-context.tsx'
import { CookieBanner } from './features/cookie-consent/cookie-banner.tsx'
import { NotFoundCard } from './features/site/not-found-card.tsx'
import { islandsLoader, useIslandAssets } from './islands/assets.ts'
import { Island } from './islands/island.tsx'
import { useNonce } from './lib/nonce.ts'
import { installPageActions } from './lib/page-actions.ts'

/** The firm and free-route text every public footer shows (from the settings, so it follows the site revision). */
export async function loader({ context }: Route.LoaderArgs) {
  const { settings } = await context.get(servicesContext).site.get()
  const c = readCompliance(settings)
  const footer: FooterCompliance = {
    freeRouteStatement: c.freeRouteStatement,
    firmName: c.firmName,
    firmAddress: c.firmAddress,
    fcaNumber: c.fcaNumber,
    companyNumber: c.companyNumber,
    icoNumber: c.icoNumber,
    fcaStatus: c.fcaStatus,
  }
  // Every page's blocks resolve `{{fact.key}}` with these (app/features/blocks/block-context.tsx).
  return { footer, facts: readFacts(settings) }
}

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

/** Route modules that opt into the islands script (docs/decisions/0019-public-islands.md). */
export type IslandsHandle = { islands?: boolean }

/** The islands script's files when this page is served with it instead of the router's client. */
function useIslandScripts() {
  const assets = useIslandAssets()
  const leaf = useMatches().at(-1)
  return assets && (leaf?.handle as IslandsHandle | undefined)?.islands ? assets : null
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const { pathname } = useLocation()
  const islands = useIslandScripts()
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0c1d3a" />
        <Links nonce={nonce} />
        <Meta />
      </head>
      <body>
        {children}
        {islands ? (
          <script
            type="module"
            nonce={nonce}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed loader of our own built file
            dangerouslySetInnerHTML={{ __html: islandsLoader(islands.entry) }}
          />
        ) : (
          <>
            <Toasts always={isAdminPath(pathname)} />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  )
}

export default function App() {
  const { pathname } = useLocation()
  const { facts } = useLoaderData<typeof loader>()
  useEffect(() => {
    // Lets tests (and nothing else) know the page is interactive.
    document.documentElement.dataset.hydrated = 'true'
    captureLanding()
    installPageActions()
  }, [])
  return (
    <SiteFactsContext.Provider value={facts}>
      <Outlet />
      {isAdminPath(pathname) ? null : (
        // The path only (cached pages ignore the query); the server prefers the Referer, which has both.
        <Island name="cookie-banner" component={CookieBanner} props={{ returnTo: pathname }} />
      )}
    </SiteFactsContext.Provider>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundCard />
  return <ErrorFallback error={error} />
}

function ErrorFallback({ error }: { error: unknown }) {
  useEffect(() => {
    console.warn('Rendering error', error)
  }, [error])
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <div
        role="alert"
        className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm"
      >
        <h1 className="font-bold text-2xl text-navy-900">Something went wrong</h1>
        <p className="mt-2 text-slate-700">
          We&apos;re experiencing a temporary issue. Please refresh the page.
        </p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </div>
    </main>
  )
}
