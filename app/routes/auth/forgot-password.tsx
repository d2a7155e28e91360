import { authErrorMessage } from '../../../core/schemas/auth.ts'
import { Button } from '../../components/ui/button.tsx'
import { AuthCard, adminPageMeta, Field, Notice } from '../../features/auth/auth-card.tsx'
import type { Route } from './+types/forgot-password'

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  return {
    sent: url.searchParams.get('sent') === '1',
    error: authErrorMessage(url.searchParams.get('error')),
  }
}

export const meta: Route.MetaFunction = () => adminPageMeta('Forgot password')

export default function ForgotPassword({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard
      title="Forgot password"
      description="Enter the email address of your admin account and we will send you a link to choose a new password."
    >
      {loaderData.error ? <Notice tone="error">{loaderData.error}</Notice> : null}
      {loaderData.sent ? (
        <Notice tone="success">
          If an account exists for that email, we have sent a link to reset the password. The link works for
          one hour.
        </Notice>
      ) : null}
      <form method="post" action="/api/auth/forgot-password">
        <Field id="email" name="email" label="Email" type="email" autoComplete="username" required />
        <Button type="submit" className="w-full">
          Send reset link
        </Button>
      </form>
      <p className="mt-4 text-center text-sm">
        <a href="/api/login" className="font-medium text-teal-800 underline underline-offset-2">
          Back to sign in
        </a>
      </p>
    </AuthCard>
  )
}
