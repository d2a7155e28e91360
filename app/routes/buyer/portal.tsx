import { data, isRouteErrorResponse, redirect } from 'react-router'
import { needsEnrolment } from '../../../server/identity/index.ts'
import { requestContext, servicesContext } from '../../../server/platform/index.ts'
import { adminPageMeta } from '../../features/auth/auth-card.tsx'
import { BuyerPortal, BuyerRefused } from '../../features/buyer/buyer-portal.tsx'
import { portalData } from '../../features/buyer/portal-data.server.ts'
import type { Route } from './+types/portal'

/**
 * /buyer: a buyer's own page (docs/decisions/0034-buyer-access-and-returns.md). Checked on the
 * server on every request: signed out goes to the sign-in page, any other account gets 403.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const account = context.get(requestContext).admin
  if (!account) throw redirect('/api/login?portal=buyer')
  if (account.role !== 'buyer') throw data('This page is for buyers’ accounts', { status: 403 })
  // The second-factor policy may cover buyers' accounts: one without a factor enrols first.
  if (await needsEnrolment(context.get(servicesContext).db, account)) throw redirect('/buyer/account?enrol=1')
  const raw = new URL(request.url).searchParams.get('page') ?? '1'
  const page = /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1
  const found = await portalData(context.get(servicesContext), account, page)
  if (!found) throw data('This buyer’s access is suspended', { status: 403 })
  return found
}

export const meta = () => adminPageMeta('Your leads')

export default function BuyerPage({ loaderData }: Route.ComponentProps) {
  return <BuyerPortal data={loaderData} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : null
  return <BuyerRefused message={message ?? 'This page could not be shown. Please refresh.'} />
}
