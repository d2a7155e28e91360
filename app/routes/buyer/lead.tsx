import { data, isRouteErrorResponse, redirect } from 'react-router'
import { requestContext, servicesContext } from '../../../server/platform/index.ts'
import { adminPageMeta } from '../../features/auth/auth-card.tsx'
import { BuyerRefused } from '../../features/buyer/buyer-portal.tsx'
import { BuyerLeadDetail } from '../../features/buyer/lead-detail.tsx'
import { portalLead } from '../../features/buyer/portal-data.server.ts'
import type { Route } from './+types/lead'

/**
 * /buyer/leads/:reference: one lead of the signed-in buyer, checked on the server as /buyer is;
 * another buyer's reference is "not found", as an unknown one is.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const account = context.get(requestContext).admin
  if (!account) throw redirect('/api/login?portal=buyer')
  if (account.role !== 'buyer') throw data('This page is for buyers’ accounts', { status: 403 })
  const { buyer, lead } = await portalLead(context.get(servicesContext), account, params.reference)
  if (!buyer) throw data('This buyer’s access is suspended', { status: 403 })
  if (!lead) throw data('You bought no lead with this reference', { status: 404 })
  return { buyer, lead }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminPageMeta(loaderData?.lead.reference ? `Lead ${loaderData.lead.reference.slice(0, 8)}` : 'Lead')

export default function BuyerLeadPage({ loaderData }: Route.ComponentProps) {
  return <BuyerLeadDetail buyer={loaderData.buyer} lead={loaderData.lead} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : null
  return (
    <BuyerRefused
      title={isRouteErrorResponse(error) && error.status === 404 ? 'Lead not found' : undefined}
      message={message ?? 'This page could not be shown. Please refresh.'}
    />
  )
}
