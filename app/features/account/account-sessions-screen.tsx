import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import { buttonClasses } from '../../components/ui/button.tsx'
import { ScreenHeader } from '../../components/ui/screen-header.tsx'
import { AdminLoading, SignedOut } from '../admin/shell/signed-out.tsx'
import { SessionsSection } from './sessions-section.tsx'

/** /admin/account/sessions: the signed-in account's sessions (any staff account). */
export function AccountSessionsScreen() {
  const { data: user, isLoading, error } = useQuery<CurrentAdmin | null>({ queryKey: ['/api/auth/user'] })
  if (isLoading) return <AdminLoading />
  if (!user) return <SignedOut error={error} />
  return (
    <div className="min-h-screen bg-slate-100">
      <ScreenHeader title="Your account" width="5xl" subtitle={user.email}>
        <Link to="/admin" className={buttonClasses('secondary', 'sm')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to the dashboard
        </Link>
      </ScreenHeader>
      <main className="mx-auto grid max-w-5xl gap-6 px-4 py-6">
        <SessionsSection />
      </main>
    </div>
  )
}
