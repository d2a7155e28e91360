import { CircleCheck } from 'lucide-react'
import { data } from 'react-router'
import {
  contactSentence,
  type EnquiryReceipt,
  nextSteps,
  withdrawalText,
} from '../../../core/lead-confirmation.ts'
import { site } from '../../../core/site.ts'
import { enquiryReceipt, thankYouReference } from '../../../server/leads/index.ts'
import { servicesContext } from '../../../server/platform/index.ts'
import { buildPageHead } from '../../features/seo/page-head.server.ts'
import { headMeta } from '../../features/seo/page-head.ts'
import { ContentPage } from '../../features/site/content-page.tsx'
import type { IslandsHandle } from '../../root.tsx'
import type { Route } from './+types/thank-you'

const defaults = {
  title: 'Thank You | Car Finance Claim Check',
  metaDescription: 'Thank you for your enquiry. A specialist will contact you within 24 hours.',
}

/** Title and description from the `thank-you` page settings (JSON), with defaults. */
function pageSettings(value: string | null | undefined) {
  try {
    const parsed: unknown = value ? JSON.parse(value) : null
    const record = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined)
    return {
      title: text(record.title) ?? defaults.title,
      metaDescription: text(record.metaDescription) ?? defaults.metaDescription,
    }
  } catch {
    return defaults
  }
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const { settings } = await services.site.get()
  const own = pageSettings(settings.get('thank-you'))
  const head = await buildPageHead(context, request, own, defaults.title)
  // The page cache renders this page without cookies; a request carrying the reference's cookie
  // goes past it (server/platform/http/page-cache.ts) and is answered for itself alone.
  const reference = thankYouReference(request.headers.get('cookie'))
  if (reference === undefined) return { head, receipt: null }
  const receipt: EnquiryReceipt | null = (await enquiryReceipt(services.db, reference)) ?? null
  return data(
    { head, receipt },
    { headers: { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' } },
  )
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const handle: IslandsHandle = { islands: true }

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...headMeta(loaderData?.head),
  { name: 'robots', content: 'noindex' },
]

const linkClass = 'font-medium text-teal-800 underline underline-offset-2'

function Receipt({ receipt }: { receipt: EnquiryReceipt }) {
  return (
    <>
      <dl className="mt-4 rounded-lg bg-teal-50 p-4">
        <dt className="font-semibold text-navy-900 text-sm">Your reference</dt>
        <dd className="mt-1 break-all font-mono text-lg text-slate-900" data-testid="enquiry-reference">
          {receipt.reference}
        </dd>
      </dl>
      <h2 className="mt-8 font-bold text-2xl text-navy-900">Who will contact you</h2>
      {receipt.firms.length > 0 ? (
        <ul className="mt-4 grid gap-2" data-testid="consented-firms">
          {receipt.firms.map((firm) => (
            <li
              key={firm}
              className="rounded-lg border border-slate-200 bg-white px-4 py-3 font-semibold text-navy-900"
            >
              {firm}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-4 text-slate-700">{contactSentence(receipt.firms)}</p>
      <p className="mt-2 text-slate-700">
        We are emailing you a copy of this page with your reference, to the address you gave.
      </p>
    </>
  )
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const receipt = loaderData?.receipt ?? null
  return (
    <ContentPage title="Thank you – we have received your enquiry" afterEnquiry>
      <div className="rounded-xl border border-teal-200 bg-white p-6 shadow-sm">
        <div className="flex items-start gap-3">
          <CircleCheck className="mt-0.5 size-7 shrink-0 text-teal-700" aria-hidden="true" />
          <p className="text-lg text-slate-800">
            Your details have been sent securely. A specialist will make contact within 24 hours.
          </p>
        </div>
        {receipt ? <Receipt receipt={receipt} /> : null}
      </div>
      <h2 className="mt-10 font-bold text-2xl text-navy-900">What happens next</h2>
      <ol className="mt-6 grid gap-4">
        {nextSteps.map((step, index) => (
          <li key={step.title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-teal-700 font-bold text-white">
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold text-navy-900">{step.title}</h3>
              <p className="mt-1 text-slate-700">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <h2 className="mt-10 font-bold text-2xl text-navy-900">Changing your mind</h2>
      <p className="mt-4 text-slate-700" data-testid="withdraw-consent">
        {withdrawalText(receipt?.reference ?? null)}{' '}
        <a className={linkClass} href={`mailto:${site.privacyEmail}`}>
          Email {site.privacyEmail}
        </a>
      </p>
      <div className="mt-10 rounded-xl bg-navy-50 p-5 text-slate-800 text-sm leading-relaxed">
        <h2 className="font-semibold text-base text-navy-900">Important</h2>
        <p className="mt-2">
          We are a lead generation service and do not process claims ourselves. We may be paid by the claims
          management company if your claim succeeds. You can complain to your lender and the Financial
          Ombudsman Service yourself for free, without using a claims management company.
        </p>
      </div>
      <nav aria-label="Useful links" className="mt-8 flex flex-wrap gap-x-6 gap-y-2">
        <a className={linkClass} href="/evidence">
          Evidence
        </a>
        <a className={linkClass} href="/privacy-policy">
          Privacy Policy
        </a>
        <a className={linkClass} href="/cookie-policy">
          Cookie Policy
        </a>
      </nav>
    </ContentPage>
  )
}
