import { clsx as cn } from 'clsx'
import { Cookie, X } from 'lucide-react'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import type { ConsentCategory } from '../../../core/consent.ts'
import { PlainButton as Button } from '../../components/ui/plain-button.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { readConsent, saveConsent } from './consent-store.ts'

type Choice = Record<ConsentCategory, boolean>
const none: Choice = { analytics: false, marketing: false, preferences: false }
const all: Choice = { analytics: true, marketing: true, preferences: true }

const categories: { key: ConsentCategory | 'essential'; title: string; description: string }[] = [
  {
    key: 'essential',
    title: 'Essential Cookies',
    description:
      'Needed for the site to function, for example to remember your cookie choice. They cannot be switched off.',
  },
  {
    key: 'analytics',
    title: 'Analytics Cookies',
    description: 'Collect anonymous information on how visitors use the site, so we can improve it.',
  },
  {
    key: 'marketing',
    title: 'Marketing Cookies',
    description: 'Track visitors across sites to show relevant ads and measure our campaigns.',
  },
  {
    key: 'preferences',
    title: 'Preference Cookies',
    description: 'Remember your choices, such as settings you have picked, for your next visit.',
  },
]

type View = 'closed' | 'first' | 'details'

/**
 * The cookie consent dialog (SPEC section 2): shown when no valid choice is stored, reopened in
 * the detail view by the `showCookiePreferences` window event. Nothing is pre-ticked; accept and
 * reject look the same.
 */
export function CookieBanner() {
  // The first view is in the server HTML, hidden by CSS unless the head's consent script found no
  // valid choice (app.css): a first visitor sees it with the first paint, not after hydration.
  const [view, setView] = useState<View>('first')
  const hydrated = useHydrated()
  const [choice, setChoice] = useState<Choice>(none)
  const dialogRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const reopen = () => {
      window.__cookiePreferencesRequested = false
      const current = readConsent()
      setChoice(
        current
          ? { analytics: current.analytics, marketing: current.marketing, preferences: current.preferences }
          : none,
      )
      setView('details')
    }
    window.addEventListener('showCookiePreferences', reopen)
    // A Cookie Preferences click made before this island hydrated (the head script kept it).
    if (window.__cookiePreferencesRequested) reopen()
    else if (readConsent()) setView('closed')
    return () => window.removeEventListener('showCookiePreferences', reopen)
  }, [])

  // Focus moves into the dialog whenever it opens or changes view, so its title is read first.
  useEffect(() => {
    if (view !== 'closed' && (dialogRef.current?.checkVisibility?.() ?? true)) dialogRef.current?.focus()
  }, [view])

  if (view === 'closed') return null

  const decide = (next: Choice) => {
    saveConsent(next)
    setView('closed')
  }

  const trapFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && view === 'details') {
      event.preventDefault()
      setView(readConsent() ? 'closed' : 'first')
      return
    }
    if (event.key !== 'Tab') return
    const focusable = [
      ...(dialogRef.current?.querySelectorAll<HTMLElement>(
        'button:not([disabled]), [href], input:not([disabled])',
      ) ?? []),
    ]
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) return
    if (
      event.shiftKey &&
      (document.activeElement === first || document.activeElement === dialogRef.current)
    ) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  const policyLink = (
    <a
      href="/cookie-policy"
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-teal-800 underline underline-offset-2"
    >
      Cookie Policy<span className="sr-only"> (opens in a new tab)</span>
    </a>
  )

  return (
    <div
      data-cookie-banner={hydrated ? undefined : 'pending'}
      className="fixed inset-0 z-[90] flex items-end justify-center bg-slate-950/60 p-3 sm:items-center sm:p-6"
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cookie-title"
        aria-describedby="cookie-description"
        onKeyDown={trapFocus}
        tabIndex={-1}
        className="outline-none max-h-[90vh] w-full max-w-lg overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl sm:p-6"
      >
        {view === 'first' ? (
          <>
            <div className="flex items-center gap-2">
              <Cookie className="size-6 text-teal-700" aria-hidden="true" />
              <h2 id="cookie-title" className="font-bold text-navy-900 text-xl">
                We use cookies
              </h2>
            </div>
            <p id="cookie-description" className="mt-3 text-slate-700 text-sm leading-relaxed">
              We use essential cookies to make this site work. With your permission we would also like to use
              analytics, marketing and preference cookies to understand how the site is used and to measure
              our advertising. You can change your mind at any time. Read our {policyLink}.
            </p>
            <div className="mt-5 grid gap-3 sm:grid-cols-2">
              <Button onClick={() => decide(all)}>Accept All Cookies</Button>
              <Button onClick={() => decide(none)}>Reject Non-Essential</Button>
            </div>
            <Button
              variant="ghost"
              className="mt-2 w-full underline underline-offset-2"
              onClick={() => {
                const current = readConsent()
                setChoice(
                  current
                    ? {
                        analytics: current.analytics,
                        marketing: current.marketing,
                        preferences: current.preferences,
                      }
                    : none,
                )
                setView('details')
              }}
            >
              Manage Preferences
            </Button>
          </>
        ) : (
          <>
            <div className="flex items-start justify-between gap-3">
              <h2 id="cookie-title" className="font-bold text-navy-900 text-xl">
                Cookie Preferences
              </h2>
              <button
                type="button"
                aria-label="Close preferences"
                onClick={() => setView(readConsent() ? 'closed' : 'first')}
                className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                <X className="size-5" aria-hidden="true" />
              </button>
            </div>
            <p id="cookie-description" className="mt-2 text-slate-700 text-sm">
              Choose which cookies we may use. Read our {policyLink} for details.
            </p>
            <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
              {categories.map((category) => {
                const essential = category.key === 'essential'
                const checked = essential ? true : choice[category.key as ConsentCategory]
                const id = `consent-${category.key}`
                return (
                  <li key={category.key} className="flex items-start justify-between gap-4 p-4">
                    <div>
                      <label htmlFor={id} className="font-semibold text-navy-900">
                        {category.title}
                        {essential ? (
                          <span className="ml-1 font-normal text-slate-600 text-sm">(Required)</span>
                        ) : null}
                      </label>
                      <p id={`${id}-description`} className="mt-1 text-slate-600 text-sm">
                        {category.description}
                      </p>
                    </div>
                    <button
                      id={id}
                      type="button"
                      role="switch"
                      aria-checked={checked}
                      aria-describedby={`${id}-description`}
                      disabled={essential}
                      onClick={() => setChoice((c) => ({ ...c, [category.key]: !checked }))}
                      className={cn(
                        'relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors',
                        checked ? 'bg-teal-700' : 'bg-slate-400',
                        essential && 'cursor-not-allowed opacity-70',
                      )}
                    >
                      <span
                        aria-hidden="true"
                        className={cn(
                          'inline-block size-5 rounded-full bg-white shadow transition-transform',
                          checked ? 'translate-x-6' : 'translate-x-1',
                        )}
                      />
                    </button>
                  </li>
                )
              })}
            </ul>
            <div className="mt-5 grid gap-3 sm:grid-cols-2">
              <Button onClick={() => decide(choice)}>Save Preferences</Button>
              <Button onClick={() => decide(all)}>Accept All</Button>
            </div>
          </>
        )}
      </div>
    </div>
  )
}
