import { LogOut } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'

/** "Logout" (SPEC section 2): a full navigation to /api/logout, which ends the session. */
export function LogoutButton() {
  return (
    <Button variant="secondary" size="sm" onClick={() => window.location.assign('/api/logout')}>
      <LogOut className="size-4" aria-hidden="true" />
      Logout
    </Button>
  )
}
