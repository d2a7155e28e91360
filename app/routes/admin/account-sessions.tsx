import { AccountSessionsScreen } from '../../features/account/account-sessions-screen.tsx'
import { adminPageMeta } from '../../features/auth/auth-card.tsx'

export const meta = () => adminPageMeta('Active sessions')

export default AccountSessionsScreen
