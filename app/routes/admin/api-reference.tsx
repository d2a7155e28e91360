import { ApiReferenceScreen } from '../../features/admin/api-reference/api-reference.tsx'
import { adminPageMeta } from '../../features/auth/auth-card.tsx'

export const meta = () => adminPageMeta('API Reference')

export default ApiReferenceScreen
