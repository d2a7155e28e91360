import { QueryClientProvider } from '@tanstack/react-query'
import { ArrowLeft, LogOut } from 'lucide-react'
import { useState } from 'react'
import { data, isRouteErrorResponse, redirect, useSearchParams } from 'react-router'
import { requestContext } from '../../../server/platform/index.ts'
import { buttonClasses } from '../../components/ui/button-styles.ts'
import { ScreenHeader } from '../../components/ui/screen-header.tsx'
import { ReauthenticateProvider } from '../../features/account/reauthenticate-dialog.tsx'
import { AccountApiContext } from '../../features/account/security-api.ts'
import { SecuritySection } from '../../features/account/security-section.tsx'
import { createQueryClient } from '../../features/admin/api.ts'
import { adminPageMeta } from '../../features/auth/auth-card.tsx'
import { BuyerRefused } from '../../features/buyer/buyer-portal.tsx'
import type { Route } from './+types/account'

/**
 * /buyer/account: a buyer account's own second factors (docs/decisions/0053), through the same
 * cards as the staff account page, against /api/account. Checked on the server like /buyer.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const account = context.get(requestContext).admin
  if (!account) throw redirect('/api/login')
  if (account.role !== 'buyer') throw data('This page is for buyers’ accounts', { status: 403 })
  return { email: account.email }
}

export const meta = () => adminPageMeta('Your account')

export default function BuyerAccountPage({ loaderData }: Route.ComponentProps) {
  const [queryClient] = useState(createQueryClient)
  const [params] = useSearchParams()
  return (
    <QueryClientProvider client={queryClient}>
      <AccountApiContext.Provider value="/api/account">
        <ReauthenticateProvider>
          <div className="min-h-screen bg-slate-100">
            <ScreenHeader title="Your account" width="3xl" subtitle={`Signed in as ${loaderData.email}`}>
              <nav aria-label="Account" className="flex flex-wrap gap-2">
                <a href="/buyer" className={buttonClasses('secondary', 'sm')}>
                  <ArrowLeft className="size-4" aria-hidden="true" />
                  Your leads
                </a>
                <a href="/api/logout" className={buttonClasses('secondary', 'sm')}>
                  <LogOut className="size-4" aria-hidden="true" />
                  Sign out
                </a>
              </nav>
            </ScreenHeader>
            <main className="mx-auto grid max-w-3xl gap-6 px-4 py-6">
              <SecuritySection enrolRequested={params.get('enrol') === '1'} />
            </main>
          </div>
        </ReauthenticateProvider>
      </AccountApiContext.Provider>
    </QueryClientProvider>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : null
  return <BuyerRefused message={message ?? 'This page could not be shown. Please refresh.'} />
}
