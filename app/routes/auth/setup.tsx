import { redirect } from 'react-router'
import { authErrorMessage, PASSWORD_MIN } from '../../../core/schemas/auth.ts'
import { countAdmins } from '../../../server/identity/index.ts'
import { servicesContext } from '../../../server/platform/index.ts'
import { Button } from '../../components/ui/button.tsx'
import { AuthCard, adminPageMeta, Field, Notice } from '../../features/auth/auth-card.tsx'
import type { Route } from './+types/setup'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  if ((await countAdmins(db)) > 0) throw redirect('/api/login')
  const url = new URL(request.url)
  return {
    token: url.searchParams.get('token')?.slice(0, 200) ?? '',
    error: authErrorMessage(url.searchParams.get('error')),
  }
}

export const meta: Route.MetaFunction = () => adminPageMeta('Create the first admin')

export default function Setup({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard
      title="Create the first admin"
      description="This one-time page creates the administrator account that runs the site."
    >
      {loaderData.error ? <Notice tone="error">{loaderData.error}</Notice> : null}
      <form method="post" action="/api/setup">
        <input type="hidden" name="token" value={loaderData.token} />
        <Field id="firstName" name="firstName" label="First name" autoComplete="given-name" />
        <Field id="lastName" name="lastName" label="Last name" autoComplete="family-name" />
        <Field id="email" name="email" label="Email" type="email" autoComplete="username" required />
        <Field
          id="password"
          name="password"
          label={`Password (at least ${PASSWORD_MIN} characters)`}
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          required
        />
        <Button type="submit" className="w-full">
          Create admin
        </Button>
      </form>
    </AuthCard>
  )
}
