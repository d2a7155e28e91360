import { authErrorMessage, PASSWORD_MIN } from '../../../core/schemas/auth.ts'
import { Button } from '../../components/ui/button.tsx'
import { AuthCard, adminPageMeta, Field, Notice } from '../../features/auth/auth-card.tsx'
import type { Route } from './+types/reset-password'

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  return {
    token: url.searchParams.get('token')?.slice(0, 200) ?? '',
    error: authErrorMessage(url.searchParams.get('error')),
  }
}

export const meta: Route.MetaFunction = () => adminPageMeta('Choose a new password')

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard
      title="Choose a new password"
      description={`Use at least ${PASSWORD_MIN} characters. Common and breached passwords are refused.`}
    >
      {loaderData.error ? <Notice tone="error">{loaderData.error}</Notice> : null}
      {loaderData.token ? (
        <form method="post" action="/api/auth/reset-password">
          <input type="hidden" name="token" value={loaderData.token} />
          <Field
            id="newPassword"
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN}
            required
          />
          <Button type="submit" className="w-full">
            Set new password
          </Button>
        </form>
      ) : (
        <p className="text-slate-700">
          This page needs the link from the email.{' '}
          <a href="/forgot-password" className="font-medium text-teal-800 underline underline-offset-2">
            Ask for a new link
          </a>
          .
        </p>
      )}
    </AuthCard>
  )
}
