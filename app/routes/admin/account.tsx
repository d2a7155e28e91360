import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { useSearchParams } from 'react-router'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import { buttonClasses } from '../../components/ui/button-styles.ts'
import { ScreenHeader } from '../../components/ui/screen-header.tsx'
import { SecuritySection } from '../../features/account/security-section.tsx'
import { SessionsSection } from '../../features/account/sessions-section.tsx'
import { LogoutButton } from '../../features/admin/shell/logout-button.tsx'
import { AdminLoading, SignedOut } from '../../features/admin/shell/signed-out.tsx'
import { adminPageMeta } from '../../features/auth/auth-card.tsx'

export const meta = () => adminPageMeta('Your account')

/** /admin/account: the signed-in user's own account (any staff role). */
export default function Account() {
  const { data: user, isLoading, error } = useQuery<CurrentAdmin | null>({ queryKey: ['/api/auth/user'] })
  const [params] = useSearchParams()
  if (isLoading) return <AdminLoading />
  if (!user) return <SignedOut error={error} />
  return (
    <div className="min-h-screen bg-slate-100">
      <ScreenHeader title="Your account" width="3xl" subtitle={`Signed in as ${user.email} (${user.role})`}>
        <nav aria-label="Account" className="flex flex-wrap gap-2">
          {/* A full load: the server decides whether this account may go there yet. */}
          <a href="/admin" className={buttonClasses('secondary', 'sm')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Dashboard
          </a>
          <LogoutButton />
        </nav>
      </ScreenHeader>
      <main className="mx-auto grid max-w-3xl gap-6 px-4 py-6">
        <SecuritySection enrolRequested={params.get('enrol') === '1'} />
        <SessionsSection />
      </main>
    </div>
  )
}
