import { lazy, Suspense } from 'react'
import { useToasts } from './use-toast.ts'

const Toaster = lazy(() => import('./toaster.tsx').then((m) => ({ default: m.Toaster })))

/** The toast viewport, loaded only once there is a toast unless `always` (the admin). */
export function Toasts({ always = false }: { always?: boolean }) {
  const toasts = useToasts()
  if (!always && toasts.length === 0) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
