import { EditPageScreen } from '../../features/admin/page-editor/page-screens.tsx'
import { adminPageMeta } from '../../features/auth/auth-card.tsx'
import type { Route } from './+types/page-edit'

export const meta = () => adminPageMeta('Edit Page')

/** /admin/pages/edit/{id}: the id is read as an integer; anything else is 'Page Not Found'. */
export default function EditPage({ params }: Route.ComponentProps) {
  const id = /^\d{1,15}$/.test(params.id) ? Number.parseInt(params.id, 10) : Number.NaN
  return <EditPageScreen id={id} />
}
