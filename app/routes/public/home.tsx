import { useMemo } from 'react'
import { data, redirect } from 'react-router'
import { type Attribution, attributionFromUrl, trackingParams } from '../../../core/attribution.ts'
import { readCompliance } from '../../../core/compliance.ts'
import { pageRevisionHash } from '../../../core/consent-version.ts'
import { objectsToCounting } from '../../../core/counting.ts'
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
import { leadInputFromForm } from '../../features/lead-form/lead-form-fields.ts'
import { loadPageHead } from '../../features/seo/page-head.server.ts'
import { headMeta } from '../../features/seo/page-head.ts'
import { faqPageMeta } from '../../features/seo/structured-data.ts'
import { SiteFooter } from '../../features/site/site-footer.tsx'
import { HomeHeader } from '../../features/site/site-header.tsx'
import { loadSystemPageContent } from '../../features/site/system-page.server.ts'
import { faqItems, SystemPageBlocks } from '../../features/site/system-page-blocks.tsx'
import type { IslandsHandle } from '../../root.tsx'
import type { Route } from './+types/home'

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const site = await services.site.get()
  // An experiment's variant (chosen before the page cache) may change the title and questionnaire.
  const variant = context.get(requestContext).variant?.variant
  const head = await loadPageHead(context, request, 'home', 'Car Finance Claim Check')
  // The page's blocks (or a variant's): docs/decisions/0075-system-pages-from-blocks.md.
  const { content, stored, images } = await loadSystemPageContent(context, 'home')
  return {
    head: variant?.title ? { ...head, title: variant.title } : head,
    content,
    images,
    consent: shownConsent(
      site.consent,
      pageRevisionHash({
        path: '/',
        title: head.title,
        variant: variant?.title ?? null,
        questionnaire: (variant?.questionnaire ?? shownQuestionnaire(site)).id,
        content: stored,
      }),
    ),
    compliance: readCompliance(site.settings),
    questionnaire: variant?.questionnaire ?? shownQuestionnaire(site),
    // A step's own address (`?step=…`): never cached, so the only time this loader reads the query.
    addressed: await addressedQuestionnaire(services.db, site, request.url),
  }
}

export const handle: IslandsHandle = { islands: true }

// The FAQ's structured data comes from the page's own FAQ block.
export const meta: Route.MetaFunction = ({ loaderData }) => {
  const faqs = loaderData ? faqItems(loaderData.content) : []
  return [...headMeta(loaderData?.head), ...(faqs.length > 0 ? [faqPageMeta(faqs)] : [])]
}

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
      cookie: request.headers.get('cookie'),
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
  const visit = useMemo(
    () => ({
      initial: actionData?.questionnaire ?? addressed?.state,
      initialError: actionData?.error,
      leadFeedback: actionData && 'leadFeedback' in actionData ? actionData.leadFeedback : undefined,
      attribution: actionData?.attribution ?? addressed?.attribution,
      startedAt: actionData && 'startedAt' in actionData ? actionData.startedAt : addressed?.startedAt,
    }),
    [actionData, addressed],
  )
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
        <SystemPageBlocks
          content={loaderData.content}
          images={loaderData.images}
          column="mx-auto w-full max-w-3xl px-4 py-6"
          questionnaire={actionData?.shown ?? addressed?.shown ?? loaderData.questionnaire}
          questionnaireState={visit}
          consent={loaderData.consent}
          compliance={loaderData.compliance}
        />
      </main>
      <SiteFooter />
    </>
  )
}
