import { CreatePageScreen } from '../../features/admin/page-editor/page-screens.tsx'
import { adminPageMeta } from '../../features/auth/auth-card.tsx'

export const meta = () => adminPageMeta('Create Page')

export default CreatePageScreen
