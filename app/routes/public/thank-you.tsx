import { CircleCheck } from 'lucide-react'
import { servicesContext } from '../../../server/context.ts'
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
  const { settings } = await context.get(servicesContext).site.get()
  const own = pageSettings(settings.get('thank-you'))
  return { head: await buildPageHead(context, request, own, defaults.title) }
}

export const handle: IslandsHandle = { islands: true }

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...headMeta(loaderData?.head),
  { name: 'robots', content: 'noindex' },
]

const nextSteps = [
  {
    title: 'Review and match',
    text: 'We review your answers and match your enquiry with a specialist claims management company regulated by the Financial Conduct Authority.',
  },
  {
    title: 'Expert contact',
    text: 'A specialist will contact you within 24 hours by phone or email to talk through your car finance agreement.',
  },
  {
    title: 'Claim process',
    text: 'If you decide to go ahead, they handle your claim on a no-win, no-fee basis, with no upfront costs.',
  },
] as const

const linkClass = 'font-medium text-teal-800 underline underline-offset-2'

export default function ThankYou() {
  return (
    <ContentPage title="Thank you – we have received your enquiry">
      <div className="rounded-xl border border-teal-200 bg-white p-6 shadow-sm">
        <div className="flex items-start gap-3">
          <CircleCheck className="mt-0.5 size-7 shrink-0 text-teal-700" aria-hidden="true" />
          <p className="text-lg text-slate-800">
            Your details have been sent securely. A specialist will make contact within 24 hours.
          </p>
        </div>
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
      <div className="mt-10 rounded-xl bg-navy-50 p-5 text-slate-800 text-sm leading-relaxed">
        <h2 className="font-semibold text-base text-navy-900">Important</h2>
        <p className="mt-2">
          We are a lead generation service and do not process claims ourselves. We may be paid by the claims
          management company if your claim succeeds. You can complain to your lender and the Financial
          Ombudsman Service yourself for free, without using a claims management company.
        </p>
      </div>
      <nav aria-label="Useful links" className="mt-8 flex flex-wrap gap-x-6 gap-y-2">
        <a className={linkClass} href="/">
          Home
        </a>
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
