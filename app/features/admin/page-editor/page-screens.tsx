import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { findPageTemplate } from '../../../../core/page-templates.ts'
import type { PageRecord } from '../../../../core/schemas/pages.ts'
import type { CurrentAdmin } from '../../../../core/schemas/users.ts'
import { buttonClasses } from '../../../components/ui/button.tsx'
import { ApiError } from '../api.ts'
import { AdminLoading, SignedOut } from '../shell/signed-out.tsx'
import { PAGES, PageEditor } from './page-editor.tsx'
import { emptyPageForm, formFromPage, formFromTemplate } from './page-form.ts'

/** Signed-in gate shared by both screens (the API refuses everyone else whatever the screen shows). */
function useSignedIn() {
  return useQuery<CurrentAdmin | null>({ queryKey: ['/api/auth/user'] })
}

function CenteredMessage({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">{children}</div>
    </main>
  )
}

export function CreatePageScreen() {
  const { data: user, isLoading, error } = useSignedIn()
  // "New page from template" opens /admin/pages/create?template={id}; an unknown id starts empty.
  const template = findPageTemplate(useSearchParams()[0].get('template'))
  if (isLoading) return <AdminLoading />
  if (!user) return <SignedOut error={error} />
  const initial = template ? formFromTemplate(template) : emptyPageForm
  return <PageEditor key={template?.id ?? ''} mode="create" initial={initial} />
}

export function EditPageScreen({ id }: { id: number }) {
  const { data: user, isLoading: userLoading, error: userError } = useSignedIn()
  const valid = Number.isSafeInteger(id) && id > 0
  const page = useQuery<PageRecord | null>({ queryKey: [`${PAGES}/${id}`], enabled: valid && !!user })
  if (userLoading) return <AdminLoading />
  if (!user) return <SignedOut error={userError} />
  if (valid && page.isLoading) {
    return (
      <CenteredMessage>
        <p role="status">Loading page...</p>
      </CenteredMessage>
    )
  }
  if (!valid || !page.data) {
    const notFound = !valid || !(page.error instanceof ApiError) || page.error.status === 404
    return (
      <CenteredMessage>
        <h1 className="font-bold text-2xl text-navy-900">
          {notFound ? 'Page Not Found' : 'Could not load the page'}
        </h1>
        {notFound ? null : <p className="mt-2 text-slate-700">{page.error?.message}</p>}
        <Link to="/admin?tab=pages" className={`${buttonClasses('secondary')} mt-4`}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Pages
        </Link>
      </CenteredMessage>
    )
  }
  return <PageEditor key={page.data.id} mode="edit" page={page.data} initial={formFromPage(page.data)} />
}
