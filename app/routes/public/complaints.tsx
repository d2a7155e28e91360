import { CircleCheck } from 'lucide-react'
import { data } from 'react-router'
import { TOO_MANY } from '../../../core/schemas/auth.ts'
import {
  ACKNOWLEDGE_WITHIN_DAYS,
  COMPLAINT_DETAILS_MAX,
  complaintFieldErrors,
  complaintSchema,
  ICO_COMPLAINT_URL,
  ICO_PHONE,
} from '../../../core/schemas/complaints.ts'
import { site } from '../../../core/site.ts'
import { checkComplaintRateLimit, submitComplaint } from '../../../server/leads/index.ts'
import { requestContext, servicesContext } from '../../../server/platform/index.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Field, Input, Select, Textarea } from '../../components/ui/field.tsx'
import { buildPageHead } from '../../features/seo/page-head.server.ts'
import { headMeta } from '../../features/seo/page-head.ts'
import { ContentPage } from '../../features/site/content-page.tsx'
import type { IslandsHandle } from '../../root.tsx'
import type { Route } from './+types/complaints'

const TITLE = 'Make a data-protection complaint'
const FIELDS = ['name', 'email', 'phone', 'leadReference', 'details', 'contactBy'] as const
type Values = Partial<Record<(typeof FIELDS)[number], string>>

export async function loader({ context, request }: Route.LoaderArgs) {
  const head = await buildPageHead(
    context,
    request,
    {
      title: `${TITLE} | ${site.name}`,
      metaDescription:
        'Complain to us about how we handle your personal data; then, if you need to, to the ICO.',
    },
    TITLE,
  )
  return { head }
}

export const handle: IslandsHandle = { islands: true }

// An answer to a post is the complainant's alone: never cached.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders

export const meta: Route.MetaFunction = ({ loaderData }) => headMeta(loaderData?.head)

/** The form without JavaScript (and with it): a plain post, answered with the reference or the errors. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const values: Values = {}
  for (const name of FIELDS) {
    const value = form.get(name)
    if (typeof value === 'string') values[name] = value
  }
  const website = form.get('website')
  const parsed = complaintSchema.safeParse({
    ...values,
    website: typeof website === 'string' ? website : undefined,
  })
  const noStore = { 'Cache-Control': 'private, no-store' }
  if (!parsed.success) {
    return data(
      { reference: null, errors: complaintFieldErrors(parsed.error), values },
      { status: 400, headers: noStore },
    )
  }
  const services = context.get(servicesContext)
  const decision = await checkComplaintRateLimit(services, context.get(requestContext).ip)
  if (!decision.allowed) {
    return data(
      { reference: null, errors: { form: TOO_MANY } as Record<string, string>, values },
      { status: 429, headers: { ...noStore, 'Retry-After': String(decision.retryAfterSeconds) } },
    )
  }
  const { reference } = await submitComplaint(services, parsed.data)
  return data({ reference, errors: {} as Record<string, string>, values: {} as Values }, { headers: noStore })
}

const linkClass = 'font-medium text-teal-800 underline underline-offset-2'

function IcoRoute() {
  return (
    <p className="mt-4 text-slate-700">
      If you are not satisfied with our answer, you can complain to the Information Commissioner&apos;s Office
      (ICO):{' '}
      <a className={linkClass} href={ICO_COMPLAINT_URL}>
        ico.org.uk/make-a-complaint
      </a>{' '}
      or{' '}
      <a className={linkClass} href={`tel:${ICO_PHONE.replace(/\s/g, '')}`}>
        {ICO_PHONE}
      </a>
      .
    </p>
  )
}

function Confirmation({ reference }: { reference: string }) {
  return (
    <div
      className="rounded-xl border border-teal-200 bg-white p-6 shadow-sm"
      data-testid="complaint-received"
    >
      <div className="flex items-start gap-3">
        <CircleCheck className="mt-0.5 size-7 shrink-0 text-teal-700" aria-hidden="true" />
        <h2 className="font-bold text-navy-900 text-xl">We have received your complaint</h2>
      </div>
      <dl className="mt-4 rounded-lg bg-teal-50 p-4">
        <dt className="font-semibold text-navy-900 text-sm">Your reference</dt>
        <dd className="mt-1 break-all font-mono text-lg text-slate-900" data-testid="complaint-reference">
          {reference}
        </dd>
      </dl>
      <p className="mt-4 text-slate-700">
        We are emailing you an acknowledgement with this reference. We will acknowledge your complaint within{' '}
        {ACKNOWLEDGE_WITHIN_DAYS} days and answer it without undue delay. Please quote your reference if you
        write to us about it.
      </p>
      <IcoRoute />
    </div>
  )
}

export default function Complaints({ actionData }: Route.ComponentProps) {
  if (actionData?.reference) {
    return (
      <ContentPage title={TITLE}>
        <Confirmation reference={actionData.reference} />
      </ContentPage>
    )
  }
  const errors: Record<string, string> = actionData?.errors ?? {}
  const values: Values = actionData?.values ?? {}
  return (
    <ContentPage
      title={TITLE}
      intro={
        <p>
          If you are unhappy with how we have used or looked after your personal data, tell us here. You will
          get a reference straight away and an acknowledgement by email.
        </p>
      }
    >
      {errors.form ? (
        <Alert tone="error" className="mb-6">
          {errors.form}
        </Alert>
      ) : Object.keys(errors).length > 0 ? (
        <Alert tone="error" className="mb-6">
          Please correct the fields marked below.
        </Alert>
      ) : null}
      <form
        method="post"
        action="/complaints"
        noValidate
        className="grid gap-5 rounded-xl bg-white p-6 shadow-sm"
      >
        {/* The honeypot: out of sight and out of the accessibility tree; people leave it empty. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="complaint-website">Website</label>
          <input
            id="complaint-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <Field label="Your name" required error={errors.name}>
          {(control) => (
            <Input {...control} name="name" autoComplete="name" required defaultValue={values.name ?? ''} />
          )}
        </Field>
        <Field label="Email" required error={errors.email}>
          {(control) => (
            <Input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={values.email ?? ''}
            />
          )}
        </Field>
        <Field label="Phone (optional)" error={errors.phone}>
          {(control) => (
            <Input
              {...control}
              name="phone"
              type="tel"
              autoComplete="tel"
              defaultValue={values.phone ?? ''}
            />
          )}
        </Field>
        <Field
          label="Enquiry reference (optional)"
          hint="The reference on your thank-you page or confirmation email, if you sent us an enquiry."
          error={errors.leadReference}
        >
          {(control) => <Input {...control} name="leadReference" defaultValue={values.leadReference ?? ''} />}
        </Field>
        <Field
          label="What is your complaint about?"
          required
          hint={`At most ${COMPLAINT_DETAILS_MAX} characters.`}
          error={errors.details}
        >
          {(control) => (
            <Textarea
              {...control}
              name="details"
              rows={7}
              required
              maxLength={COMPLAINT_DETAILS_MAX}
              defaultValue={values.details ?? ''}
            />
          )}
        </Field>
        <Field label="How should we contact you?" error={errors.contactBy}>
          {(control) => (
            <Select {...control} name="contactBy" defaultValue={values.contactBy ?? 'email'}>
              <option value="email">By email</option>
              <option value="phone">By phone</option>
            </Select>
          )}
        </Field>
        <div>
          <Button type="submit">Send complaint</Button>
        </div>
      </form>
      <h2 className="mt-10 font-bold text-2xl text-navy-900">If you are still unhappy</h2>
      <IcoRoute />
      <p className="mt-4 text-slate-700">
        You can also read how we use your data in our{' '}
        <a className={linkClass} href="/privacy-policy#privacy-complaints">
          Privacy Policy
        </a>
        .
      </p>
    </ContentPage>
  )
}
