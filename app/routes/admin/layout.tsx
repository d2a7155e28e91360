import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { Outlet } from 'react-router'
import { createQueryClient } from '../../features/admin/api.ts'
import type { Route } from './+types/layout'

/** Every admin response: never indexed, whoever asks (securityHeaders already forbids caching). */
export const middleware: Route.MiddlewareFunction[] = [
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
