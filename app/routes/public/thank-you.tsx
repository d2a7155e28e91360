import { data } from 'react-router'
import { conversionEventId } from '../../../core/conversions.ts'
import type { EnquiryReceipt } from '../../../core/lead-confirmation.ts'
import { enquiryReceipt, thankYouReference } from '../../../server/leads/index.ts'
import { servicesContext } from '../../../server/platform/index.ts'
import { buildPageHead } from '../../features/seo/page-head.server.ts'
import { headMeta } from '../../features/seo/page-head.ts'
import { ContentPage } from '../../features/site/content-page.tsx'
import { renderContext } from '../../features/site/system-page.server.ts'
import { SystemPageBlocks } from '../../features/site/system-page-blocks.tsx'
import { scriptJson } from '../../islands/island.tsx'
import { useNonce } from '../../lib/nonce.ts'
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
  // Its blocks (docs/decisions/0075-system-pages-from-blocks.md); the receipt block shows the enquiry.
  const page = await renderContext(context, 'thank-you')
  // The page cache renders this page without cookies; a request carrying the reference's cookie
  // goes past it (server/platform/http/page-cache.ts) and is answered for itself alone.
  const reference = thankYouReference(request.headers.get('cookie'))
  if (reference === undefined) return { head, ...page, receipt: null }
  const receipt: EnquiryReceipt | null = (await enquiryReceipt(services.db, reference)) ?? null
  return data(
    { head, ...page, receipt },
    { headers: { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' } },
  )
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const handle: IslandsHandle = { islands: true }

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...headMeta(loaderData?.head),
  { name: 'robots', content: 'noindex' },
]

/**
 * The lead's event for the browser's tags: the same `event_id` the server sends Meta, TikTok and
 * Google (server/insight/conversions), so a pixel fired from it is counted once with the server's.
 */
function LeadDataLayer({ reference }: { reference: string }) {
  const nonce = useNonce()
  const push = { event: 'lead', event_id: conversionEventId(reference, 'lead'), lead_reference: reference }
  return (
    <script
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped (scriptJson)
      dangerouslySetInnerHTML={{
        __html: `(window.dataLayer=window.dataLayer||[]).push(${scriptJson(push)})`,
      }}
    />
  )
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage afterEnquiry>
      {loaderData.receipt ? <LeadDataLayer reference={loaderData.receipt.reference} /> : null}
      <SystemPageBlocks
        content={loaderData.content}
        images={loaderData.images}
        questionnaire={loaderData.questionnaire}
        consent={loaderData.consent}
        compliance={loaderData.compliance}
        receipt={loaderData.receipt}
        column=""
      />
    </ContentPage>
  )
}
