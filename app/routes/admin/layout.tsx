import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { Outlet } from 'react-router'
import { createQueryClient } from '../../features/admin/api.ts'
import type { Route } from './+types/layout'

/** Every admin response: never cached, never indexed, whoever asks. Data comes from the guarded API. */
export const middleware: Route.MiddlewareFunction[] = [
  async (_args, next) => {
    const response = await next()
    response.headers.set('Cache-Control', 'no-store')
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
