import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { Outlet, redirect } from 'react-router'
import { needsEnrolment } from '../../../server/identity/index.ts'
import { requestContext, servicesContext } from '../../../server/platform/index.ts'
import { ReauthenticateProvider } from '../../features/account/reauthenticate-dialog.tsx'
import { createQueryClient } from '../../features/admin/api.ts'
import type { Route } from './+types/layout'

/**
 * Every admin response: never indexed, whoever asks (securityHeaders already forbids caching). A
 * buyer's account has no admin at all: it is sent to its own page, /buyer.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context }, next) => {
    if (context.get(requestContext).admin?.role === 'buyer') throw redirect('/buyer')
    return next()
  },
  // An account the second-factor policy covers, with no factor yet, enrols before anything else.
  async ({ context, request }, next) => {
    const admin = context.get(requestContext).admin
    const path = new URL(request.url).pathname
    if (admin && path !== '/admin/account' && path !== '/admin/account.data') {
      if (await needsEnrolment(context.get(servicesContext).db, admin))
        throw redirect('/admin/account?enrol=1')
    }
    return next()
  },
  async (_args, next) => {
    const response = await next()
    response.headers.set('X-Robots-Tag', 'noindex, nofollow')
    return response
  },
]

export default function AdminLayout() {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <ReauthenticateProvider>
        <Outlet />
      </ReauthenticateProvider>
    </QueryClientProvider>
  )
}
