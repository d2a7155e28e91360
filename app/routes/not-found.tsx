import { data } from 'react-router'
import { NotFoundCard } from '../features/site/not-found-card.tsx'
import type { IslandsHandle } from '../root.tsx'
import type { Route } from './+types/not-found'

export function loader() {
  throw data('Not Found', { status: 404 })
}

export const handle: IslandsHandle = { islands: true }

export const meta: Route.MetaFunction = () => [
  { title: 'Page Not Found' },
  { name: 'robots', content: 'noindex' },
]

export default function NotFound() {
  return <NotFoundCard />
}

export function ErrorBoundary() {
  return <NotFoundCard />
}
