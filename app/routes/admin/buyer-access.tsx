import { BuyerAccessScreen } from '../../features/admin/buyer-access/buyer-access-screen.tsx'
import { adminPageMeta } from '../../features/auth/auth-card.tsx'
import type { Route } from './+types/buyer-access'

export const meta = () => adminPageMeta('Buyer access')

/** /admin/buyers/{id}/access: the id is read as an integer; anything else is "Buyer not found". */
export default function BuyerAccess({ params }: Route.ComponentProps) {
  const id = /^\d{1,9}$/.test(params.id) ? Number.parseInt(params.id, 10) : Number.NaN
  return <BuyerAccessScreen id={id} />
}
