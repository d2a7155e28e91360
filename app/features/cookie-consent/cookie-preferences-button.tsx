import type { ReactNode } from 'react'

/**
 * The Cookie Preferences control outside the dialog. A click is handled by the head script
 * (`cookiePreferencesOpener` in core/consent.ts) from the first paint, before any island is up;
 * without JavaScript the form leads to the cookie policy's section on browser settings.
 */
export function CookiePreferencesButton({ className, children }: { className: string; children: ReactNode }) {
  return (
    <form action="/cookie-policy#cookies-browser" method="get" className="contents">
      <button type="submit" className={className} data-open-cookie-preferences>
        {children}
      </button>
    </form>
  )
}
