import { AdminDashboard } from '../../features/admin/shell/admin-dashboard.tsx'
import { adminPageMeta } from '../../features/auth/auth-card.tsx'

export const meta = () => adminPageMeta('Admin Dashboard')

export default AdminDashboard
