import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import type { CurrentAdmin } from '../../../../core/schemas/users.ts'
import { buttonClasses } from '../../../components/ui/button.tsx'
import { ScreenHeader } from '../../../components/ui/screen-header.tsx'
import { AdminLoading, SignedOut } from '../shell/signed-out.tsx'
import { AccountsSection } from './accounts-section.tsx'
import { ApiKeysSection } from './api-keys-section.tsx'

/** /admin/buyers/{id}/access: one buyer's API keys and sign-in accounts (permission buyers). */
export function BuyerAccessScreen({ id }: { id: number }) {
  const { data: user, isLoading, error } = useQuery<CurrentAdmin | null>({ queryKey: ['/api/auth/user'] })
  const valid = Number.isSafeInteger(id) && id > 0
  const buyer = useQuery<{ name?: string } | null>({
    queryKey: [`/api/admin/buyers/${id}`],
    enabled: valid && !!user?.permissions.includes('buyers'),
  })
  if (isLoading) return <AdminLoading />
  if (!user) return <SignedOut error={error} />
  const allowed = user.permissions.includes('buyers')
  return (
    <div className="min-h-screen bg-slate-100">
      <ScreenHeader
        title="Buyer access"
        width="5xl"
        subtitle={buyer.data?.name ?? `Buyer ${valid ? id : ''}`}
      >
        <Link to="/admin" className={buttonClasses('secondary', 'sm')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to the dashboard
        </Link>
      </ScreenHeader>
      <main className="mx-auto grid max-w-5xl gap-6 px-4 py-6">
        {!allowed ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
            Your role does not allow managing buyers.
          </p>
        ) : !valid ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
            Buyer not found.
          </p>
        ) : (
          <>
            <ApiKeysSection buyerId={id} />
            <AccountsSection buyerId={id} />
          </>
        )}
      </main>
    </div>
  )
}
