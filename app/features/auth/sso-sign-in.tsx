import { KeyRound } from 'lucide-react'
import type { SsoPublicView } from '../../../core/schemas/sso.ts'
import { buttonClasses } from '../../components/ui/button.tsx'
import { cn } from '../../lib/cn.ts'

/**
 * "Sign in with {provider}" on the sign-in page when single sign-on is configured. A plain link:
 * the flow is a chain of top-level navigations and works without JavaScript.
 */
export function SsoSignIn({ sso }: { sso: SsoPublicView }) {
  if (!sso) return null
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-slate-600 text-sm" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-300" />
        or
        <span className="h-px flex-1 bg-slate-300" />
      </div>
      <a href="/api/auth/sso/start" className={cn(buttonClasses('secondary'), 'mt-4 w-full text-center')}>
        <KeyRound className="size-4" aria-hidden="true" />
        Sign in with {sso.providerName}
      </a>
    </div>
  )
}
