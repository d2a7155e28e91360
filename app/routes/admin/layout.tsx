import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { Outlet, redirect } from 'react-router'
import { requestContext } from '../../../server/context.ts'
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
      <Outlet />
    </QueryClientProvider>
  )
}
