import { BadgeCheck, FileSearch, Headset, Scale } from 'lucide-react'
import { data, redirect } from 'react-router'
import { type Attribution, attributionFromUrl, trackingParams } from '../../../core/attribution.ts'
import { readCompliance } from '../../../core/compliance.ts'
import { pageRevisionHash } from '../../../core/consent-version.ts'
import { objectsToCounting } from '../../../core/counting.ts'
import { faqs, stats, steps } from '../../../core/home-content.ts'
import { THANK_YOU_PATH } from '../../../core/lead-confirmation.ts'
import { assess } from '../../../core/questionnaire/definition.ts'
import {
  initialQuestionnaire,
  intentFrom,
  isComplete,
  postedAnswers,
  type QuestionnaireState,
  stateFromForm,
  stateQuery,
  transition,
  versionFromForm,
} from '../../../core/questionnaire/state.ts'
import { TOO_MANY } from '../../../core/schemas/auth.ts'
import { fieldErrors, leadSchema } from '../../../core/schemas/leads.ts'
import { isSecure } from '../../../server/identity/index.ts'
import {
  addressedQuestionnaire,
  ConsentVersionError,
  captureLead,
  checkLeadRateLimit,
  LeadAnswersError,
  postedQuestionnaire,
  shownConsent,
  shownQuestionnaire,
  thankYouCookie,
} from '../../../server/leads/index.ts'
import { requestContext, servicesContext } from '../../../server/platform/index.ts'
import { Button } from '../../components/ui/button.tsx'
import { Faq } from '../../features/home/faq.tsx'
import { leadInputFromForm } from '../../features/lead-form/lead-form-fields.ts'
import { Questionnaire } from '../../features/questionnaire/questionnaire.tsx'
import { loadPageHead } from '../../features/seo/page-head.server.ts'
import { headMeta } from '../../features/seo/page-head.ts'
import { faqPageMeta } from '../../features/seo/structured-data.ts'
import { EvidenceLink } from '../../features/site/evidence-link.tsx'
import { SiteFooter } from '../../features/site/site-footer.tsx'
import { HomeHeader } from '../../features/site/site-header.tsx'
import { Island } from '../../islands/island.tsx'
import type { IslandsHandle } from '../../root.tsx'
import type { Route } from './+types/home'

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const site = await services.site.get()
  // An experiment's variant (chosen before the page cache) may change the title and questionnaire.
  const variant = context.get(requestContext).variant?.variant
  const head = await loadPageHead(context, request, 'home', 'Car Finance Claim Check')
  return {
    head: variant?.title ? { ...head, title: variant.title } : head,
    consent: shownConsent(
      site.consent,
      pageRevisionHash({
        path: '/',
        title: head.title,
        variant: variant?.title ?? null,
        questionnaire: (variant?.questionnaire ?? shownQuestionnaire(site)).id,
      }),
    ),
    compliance: readCompliance(site.settings),
    questionnaire: variant?.questionnaire ?? shownQuestionnaire(site),
    // A step's own address (`?step=…`): never cached, so the only time this loader reads the query.
    addressed: await addressedQuestionnaire(services.db, site, request.url),
  }
}

export const handle: IslandsHandle = { islands: true }

// The FAQ's structured data comes from the same list the FAQ island renders.
export const meta: Route.MetaFunction = ({ loaderData }) => [...headMeta(loaderData?.head), faqPageMeta(faqs)]

/** The questionnaire and lead form without JavaScript: each step is a plain form post. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const intent = form.get('intent')
  const attribution = attributionFor(leadInputFromForm(form).attribution, request)
  const services = context.get(servicesContext)
  // The version the visitor was shown, while the server still accepts it: a publish mid-way loses nothing.
  const shown = await postedQuestionnaire(services.db, await services.site.get(), versionFromForm(form))
  const def = shown.definition
  if (intent !== 'lead') {
    const next = transition(def, stateFromForm(def, form), intentFrom(intent))
    if (next.error)
      return {
        questionnaire: next.state,
        shown,
        error: next.error,
        attribution,
        startedAt: startedAtOf(form),
      }
    // Each step is an address of its own, so Back and Forward walk the steps (ADR 0058).
    const query =
      intentFrom(intent) === 'start-over'
        ? stateQuery(next.state, shown.id, {
            attribution: Object.fromEntries(trackingParams.map((key) => [key, attribution[key]])),
          })
        : stateQuery(next.state, shown.id, { attribution, startedAt: startedAtOf(form) })
    return redirect(`/${query}#calculator`, 303)
  }

  const { answers } = stateFromForm(def, form)
  const complete = isComplete(def, answers)
  const assessment = complete ? assess(def, answers) : null
  const questionnaire: QuestionnaireState =
    assessment?.outcome === 'eligible' ? { step: 0, answers, result: assessment } : initialQuestionnaire
  const input = leadInputFromForm(form)
  const parsed = leadSchema.safeParse({
    ...input,
    attribution,
    answers: postedAnswers(form) ?? (complete ? answers : undefined),
    questionnaireVersion: shown.id || undefined,
  })
  if (!parsed.success) {
    return data(
      {
        questionnaire,
        shown,
        error: undefined,
        attribution,
        startedAt: startedAtOf(form),
        leadFeedback: { errors: fieldErrors(parsed.error), values: input },
      },
      { status: 400 },
    )
  }
  const decision = await checkLeadRateLimit(services, context.get(requestContext).ip)
  if (!decision.allowed) {
    return data(
      {
        questionnaire,
        shown,
        error: undefined,
        attribution,
        leadFeedback: { errors: { form: TOO_MANY }, values: input },
      },
      { status: 429, headers: { 'Retry-After': String(decision.retryAfterSeconds) } },
    )
  }
  let reference: string
  try {
    const lead = await captureLead(services, parsed.data, {
      sourceUrl: request.headers.get('referer'),
      userAgent: request.headers.get('user-agent'),
      ip: context.get(requestContext).ip,
      via: 'form',
      bucket: context.get(requestContext).bucket,
      counted: !objectsToCounting({
        gpc: request.headers.get('sec-gpc'),
        cookie: request.headers.get('cookie'),
      }),
    })
    reference = lead.reference
  } catch (error) {
    if (error instanceof ConsentVersionError) {
      // The page re-renders with the current wording; what was typed is kept, the box unticked.
      return data(
        {
          questionnaire,
          shown,
          error: undefined,
          attribution,
          startedAt: startedAtOf(form),
          leadFeedback: { errors: { hasConsent: error.message }, values: { ...input, hasConsent: false } },
        },
        { status: 409 },
      )
    }
    if (!(error instanceof LeadAnswersError)) throw error
    return data(
      {
        questionnaire,
        shown,
        error: undefined,
        attribution,
        startedAt: startedAtOf(form),
        leadFeedback: { errors: { form: error.message }, values: input },
      },
      { status: 400 },
    )
  }
  return redirect(THANK_YOU_PATH, {
    status: 303,
    headers: { 'Set-Cookie': thankYouCookie(reference, isSecure(services)) },
  })
}

const NUMBER_WORDS = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten']

/** "Four quick questions." for the SPEC set; at most, as conditions may skip some. */
function quickQuestions(count: number): string {
  if (count === 1) return 'One quick question.'
  return `${NUMBER_WORDS[count - 1] ?? count} quick questions.`
}

/** When a visitor without JavaScript started: carried from their first step's post. */
function startedAtOf(form: FormData): number {
  const posted = Number(form.get('formStartedAt'))
  return Number.isSafeInteger(posted) && posted > 0 && posted <= Date.now() ? posted : Date.now()
}

/**
 * Without JavaScript the landing URL's tracking parameters reach us as the Referer of the first
 * step's post (same site only); later posts carry them as hidden fields.
 */
function attributionFor(posted: Attribution | undefined, request: Request): Attribution {
  if (posted) return posted
  const referer = request.headers.get('referer')
  if (!referer) return {}
  try {
    if (new URL(referer).host !== new URL(request.url).host) return {}
  } catch {
    return {}
  }
  return attributionFromUrl(referer, null)
}

export default function Home({ actionData, loaderData }: Route.ComponentProps) {
  const addressed = actionData ? undefined : loaderData.addressed
  return (
    <>
      <a
        href="#calculator"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to the eligibility check
      </a>
      <HomeHeader />
      <main className="flex flex-col">
        <section className="bg-navy-900 text-white" aria-labelledby="hero-title">
          <div className="mx-auto max-w-6xl px-4 pt-5 pb-6 sm:pt-16 sm:pb-16">
            <p className="hidden items-center gap-2 rounded-full bg-navy-800 px-3 py-1 text-sm text-teal-200 sm:inline-flex">
              <Scale className="size-4" aria-hidden="true" />
              Car finance taken out 2007–2021
            </p>
            <h1
              id="hero-title"
              className="max-w-3xl font-extrabold text-[1.75rem] leading-tight sm:mt-4 sm:text-5xl"
            >
              Were you overcharged on your car finance?
            </h1>
            <p className="mt-3 max-w-2xl text-slate-200 sm:mt-4 sm:text-lg">
              Many PCP deals included hidden commission that pushed up the interest you paid. Check in under a
              minute whether you may be owed compensation.
            </p>
            <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 sm:mt-6">
              <Button variant="inverse" size="lg" data-scroll-to="calculator">
                Start your free check
              </Button>
              <span className="text-slate-300 text-sm">Free to check · No win, no fee · No obligation</span>
            </div>
          </div>
        </section>

        <section
          aria-label="Key figures"
          className="order-2 border-slate-200 border-b bg-navy-50 md:order-none"
        >
          <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-4 px-4 py-6 sm:grid-cols-4">
            {stats.map((s) => (
              <li key={s.label} className="text-center">
                <p className="font-extrabold text-2xl text-navy-900 sm:text-3xl">{s.value}</p>
                <p className="text-slate-700 text-sm">{s.label}</p>
                <EvidenceLink
                  anchor={s.evidence}
                  className="text-teal-800 text-xs underline underline-offset-2"
                >
                  See the evidence
                </EvidenceLink>
              </li>
            ))}
          </ul>
        </section>

        <section
          id="calculator"
          tabIndex={-1}
          className="order-1 scroll-mt-16 bg-slate-50 pt-5 pb-10 sm:py-16 md:order-none"
          aria-labelledby="calculator-title"
        >
          <div className="mx-auto max-w-2xl px-4">
            <h2 id="calculator-title" className="font-bold text-navy-900 text-xl sm:text-3xl">
              Check your eligibility
            </h2>
            <p className="mt-1 mb-4 text-slate-700 sm:mt-2 sm:mb-6">
              {quickQuestions(loaderData.questionnaire.definition.questions.length)} Free, with no obligation.
            </p>
            <Island
              name="questionnaire"
              component={Questionnaire}
              dataProp="questionnaire"
              props={{
                questionnaire: actionData?.shown ?? addressed?.shown ?? loaderData.questionnaire,
                initial: actionData?.questionnaire ?? addressed?.state ?? initialQuestionnaire,
                initialError: actionData?.error,
                leadFeedback:
                  actionData && 'leadFeedback' in actionData ? actionData.leadFeedback : undefined,
                consent: loaderData.consent,
                attribution: actionData?.attribution ?? addressed?.attribution,
                startedAt:
                  actionData && 'startedAt' in actionData ? actionData.startedAt : addressed?.startedAt,
                compliance: loaderData.compliance,
              }}
            />
          </div>
        </section>

        <section
          id="how-it-works"
          tabIndex={-1}
          className="order-3 scroll-mt-16 py-12 sm:py-16 md:order-none"
          aria-labelledby="how-title"
        >
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="how-title" className="font-bold text-2xl text-navy-900 sm:text-3xl">
              How it works
            </h2>
            <ol className="mt-8 grid gap-6 sm:grid-cols-3">
              {steps.map((step, index) => {
                const Icon = [FileSearch, BadgeCheck, Headset][index] ?? FileSearch
                return (
                  <li key={step.title} className="rounded-xl border border-slate-200 p-6">
                    <div className="flex items-center gap-3">
                      <span className="flex size-10 items-center justify-center rounded-full bg-teal-700 font-bold text-white">
                        {index + 1}
                      </span>
                      <Icon className="size-6 text-teal-700" aria-hidden="true" />
                    </div>
                    <h3 className="mt-4 font-semibold text-lg text-navy-900">{step.title}</h3>
                    <p className="mt-2 text-slate-700">{step.text}</p>
                  </li>
                )
              })}
            </ol>
            <div className="mt-8 rounded-xl bg-navy-50 p-5 text-slate-800">
              <h3 className="font-semibold text-navy-900">Why people are claiming</h3>
              <p className="mt-2 max-w-prose">
                Until January 2021 many lenders let car dealers set the interest rate on finance and earn more
                commission the higher it was. The regulator banned these arrangements and has proposed a
                redress scheme.{' '}
                <EvidenceLink
                  anchor="regulatory-action"
                  className="font-medium text-teal-800 underline underline-offset-2"
                >
                  Read the regulator&apos;s action
                </EvidenceLink>
              </p>
            </div>
          </div>
        </section>

        <section
          id="faq"
          tabIndex={-1}
          className="order-4 scroll-mt-16 bg-slate-50 py-12 sm:py-16 md:order-none"
          aria-labelledby="faq-title"
        >
          <div className="mx-auto max-w-3xl px-4">
            <h2 id="faq-title" className="font-bold text-2xl text-navy-900 sm:text-3xl">
              Frequently asked questions
            </h2>
            <div className="mt-8">
              <Island name="faq" component={Faq} props={{}} />
            </div>
          </div>
        </section>
      </main>
      <SiteFooter />
    </>
  )
}
