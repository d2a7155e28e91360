import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonClasses } from '../../components/ui/button.tsx'
import { SiteFooter } from './site-footer.tsx'
import { PageHeader } from './site-header.tsx'

/** Chrome of the reading pages: header, one h1, a dated intro, the body, Back to Home, footer. */
export function ContentPage({
  title,
  updated,
  intro,
  afterEnquiry = false,
  hideTitle = false,
  children,
}: {
  /** Without one, the content opens with its own H1 (a system page's page-title block). */
  title?: string
  /** The page's own content opens with its heading: the title stays the page's H1 for screen readers. */
  hideTitle?: boolean
  updated?: string
  intro?: ReactNode
  /** The page after an enquiry: nothing on it invites the visitor to start another check. */
  afterEnquiry?: boolean
  children: ReactNode
}) {
  return (
    <>
      <PageHeader offerCheck={!afterEnquiry} />
      <main className="bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
          {title === undefined ? null : (
            <h1 className={hideTitle ? 'sr-only' : 'font-extrabold text-3xl text-navy-900 sm:text-4xl'}>
              {title}
            </h1>
          )}
          {updated ? <p className="mt-2 text-slate-600 text-sm">{updated}</p> : null}
          {intro ? <div className="mt-4 max-w-prose text-lg text-slate-700">{intro}</div> : null}
          <div className={hideTitle || title === undefined ? undefined : 'mt-8'}>{children}</div>
          {afterEnquiry ? null : (
            <a href="/" className={`${buttonClasses('secondary')} mt-10`}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              Back to Home
            </a>
          )}
        </div>
      </main>
      <SiteFooter />
    </>
  )
}
