import { clsx as cn } from 'clsx'
import { Cookie, X } from 'lucide-react'
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react'
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

/** Where the dialog's form posts when the islands script has not taken it over (server/site/cookie-consent). */
export const CONSENT_FORM_ACTION = '/api/consent/choice'

const pick = (record: Choice | null): Choice =>
  record
    ? { analytics: record.analytics, marketing: record.marketing, preferences: record.preferences }
    : none

/**
 * The cookie consent dialog (SPEC section 2): shown when no valid choice is stored, reopened in
 * the detail view by the `showCookiePreferences` window event. Nothing is pre-ticked; accept and
 * reject look the same.
 *
 * Both views are in the server HTML as one plain form (docs/decisions/0057-consent-banner-forms.md):
 * before this island hydrates, a decision posts to the server, which sets the consent cookie, keeps
 * the record and sends the visitor back to the same page; the head script switches the views. Once
 * hydrated, the same controls save in place.
 */
export function CookieBanner({ returnTo = '/' }: { returnTo?: string }) {
  // The first view is in the server HTML, hidden by CSS unless the head's consent script found no
  // valid choice (app.css): a first visitor sees it with the first paint, not after hydration.
  const [view, setView] = useState<View>('first')
  const hydrated = useHydrated()
  // The switches are plain checkboxes (they work before hydration); opening the detail view
  // remounts them (the key) with the stored choice ticked.
  const [defaults, setDefaults] = useState<Choice>(none)
  const [detailsKey, setDetailsKey] = useState(0)
  const firstRef = useRef<HTMLDivElement>(null)
  const detailsRef = useRef<HTMLDivElement>(null)

  const showDetails = useCallback(() => {
    setDefaults(pick(readConsent()))
    setDetailsKey((key) => key + 1)
    setView('details')
  }, [])

  useEffect(() => {
    const reopen = () => {
      window.__cookiePreferencesRequested = false
      showDetails()
    }
    window.addEventListener('showCookiePreferences', reopen)
    // A Cookie Preferences click made before this island hydrated (the head script kept it).
    if (window.__cookiePreferencesRequested) reopen()
    else if (readConsent()) setView('closed')
    // Manage Preferences was used before hydration: the head script showed the detail view; keep
    // it, and whatever the visitor switched there.
    else if (detailsRef.current?.hasAttribute('data-active')) setView('details')
    return () => window.removeEventListener('showCookiePreferences', reopen)
  }, [showDetails])

  // Focus moves into the dialog whenever it opens or changes view, so its title is read first.
  useEffect(() => {
    const dialog = view === 'first' ? firstRef.current : view === 'details' ? detailsRef.current : null
    if (dialog && (dialog.checkVisibility?.() ?? true)) dialog.focus()
  }, [view])

  if (view === 'closed') return null

  const decide = (next: Choice) => {
    saveConsent(next)
    setView('closed')
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const kind = submitter?.value
    if (kind === 'all') return decide(all)
    if (kind === 'none') return decide(none)
    const data = new FormData(event.currentTarget)
    decide({
      analytics: data.has('analytics'),
      marketing: data.has('marketing'),
      preferences: data.has('preferences'),
    })
  }

  const closeDetails = () => setView(readConsent() ? 'closed' : 'first')

  const trapFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const dialog = event.currentTarget
    if (event.key === 'Escape' && view === 'details') {
      event.preventDefault()
      closeDetails()
      return
    }
    if (event.key !== 'Tab') return
    const focusable = [
      ...dialog.querySelectorAll<HTMLElement>('button:not([disabled]), [href], input:not([disabled])'),
    ]
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) return
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
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

  const dialogClass =
    'outline-none max-h-[90vh] w-full max-w-lg overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl sm:p-6'

  return (
    <form method="post" action={CONSENT_FORM_ACTION} onSubmit={submit} className="contents">
      <input type="hidden" name="returnTo" value={returnTo} />
      <div
        data-cookie-banner={hydrated ? undefined : 'pending'}
        className="fixed inset-0 z-[90] flex items-end justify-center bg-slate-950/60 p-3 sm:items-center sm:p-6"
      >
        {/* The detail view comes first so that its Save Preferences is the form's default button. */}
        <div
          key={detailsKey}
          ref={detailsRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby="cookie-details-title"
          aria-describedby="cookie-details-description"
          data-consent-view="details"
          data-active={view === 'details' ? '' : undefined}
          onKeyDown={trapFocus}
          tabIndex={-1}
          className={dialogClass}
        >
          <div className="flex items-start justify-between gap-3">
            <h2 id="cookie-details-title" className="font-bold text-navy-900 text-xl">
              Cookie Preferences
            </h2>
            <button
              type="button"
              aria-label="Close preferences"
              data-consent-show="first"
              onClick={(event) => {
                event.preventDefault()
                closeDetails()
              }}
              className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
          <p id="cookie-details-description" className="mt-2 text-slate-700 text-sm">
            Choose which cookies we may use. Read our {policyLink} for details.
          </p>
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {categories.map((category) => {
              const essential = category.key === 'essential'
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
                  <input
                    id={id}
                    type="checkbox"
                    // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its checked state; ARIA in HTML forbids aria-checked on it
                    role="switch"
                    name={essential ? undefined : category.key}
                    defaultChecked={essential ? true : defaults[category.key as ConsentCategory]}
                    aria-describedby={`${id}-description`}
                    disabled={essential}
                    className={cn(
                      'relative mt-1 inline-flex h-7 w-12 shrink-0 cursor-pointer appearance-none items-center rounded-full bg-slate-400 transition-colors checked:bg-teal-700',
                      "before:absolute before:left-1 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform before:content-[''] checked:before:translate-x-5",
                      'focus-visible:outline-2 focus-visible:outline-teal-700 focus-visible:outline-offset-2',
                      essential && 'cursor-not-allowed opacity-70',
                    )}
                  />
                </li>
              )
            })}
          </ul>
          <div className="mt-5 grid gap-3 sm:grid-cols-2">
            <Button type="submit" name="choice" value="custom">
              Save Preferences
            </Button>
            <Button type="submit" name="choice" value="all">
              Accept All
            </Button>
          </div>
        </div>
        <div
          ref={firstRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby="cookie-title"
          aria-describedby="cookie-description"
          data-consent-view="first"
          data-active={view === 'first' ? '' : undefined}
          onKeyDown={trapFocus}
          tabIndex={-1}
          className={dialogClass}
        >
          <div className="flex items-center gap-2">
            <Cookie className="size-6 text-teal-700" aria-hidden="true" />
            <h2 id="cookie-title" className="font-bold text-navy-900 text-xl">
              We use cookies
            </h2>
          </div>
          <p id="cookie-description" className="mt-3 text-slate-700 text-sm leading-relaxed">
            We use essential cookies to make this site work. With your permission we would also like to use
            analytics, marketing and preference cookies to understand how the site is used and to measure our
            advertising. You can change your mind at any time. Read our {policyLink}.
          </p>
          <div className="mt-5 grid gap-3 sm:grid-cols-2">
            <Button type="submit" name="choice" value="all">
              Accept All Cookies
            </Button>
            <Button type="submit" name="choice" value="none">
              Reject Non-Essential
            </Button>
          </div>
          <Button
            variant="ghost"
            className="mt-2 w-full underline underline-offset-2"
            data-consent-show="details"
            onClick={(event) => {
              event.preventDefault()
              showDetails()
            }}
          >
            Manage Preferences
          </Button>
        </div>
      </div>
    </form>
  )
}
