import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import { buttonClasses } from '../../components/ui/button.tsx'
import { AdminLoading, SignedOut } from '../admin/shell/signed-out.tsx'
import { SessionsSection } from './sessions-section.tsx'

/** /admin/account/sessions: the signed-in account's sessions (any staff account). */
export function AccountSessionsScreen() {
  const { data: user, isLoading, error } = useQuery<CurrentAdmin | null>({ queryKey: ['/api/auth/user'] })
  if (isLoading) return <AdminLoading />
  if (!user) return <SignedOut error={error} />
  return (
    <div className="min-h-screen bg-slate-100">
      <header className="border-slate-200 border-b bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div>
            <h1 className="font-bold text-2xl text-navy-900">Your account</h1>
            <p className="break-all text-slate-600 text-sm">{user.email}</p>
          </div>
          <Link to="/admin" className={buttonClasses('secondary', 'sm')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to the dashboard
          </Link>
        </div>
      </header>
      <main className="mx-auto grid max-w-5xl gap-6 px-4 py-6">
        <SessionsSection />
      </main>
    </div>
  )
}
