import { authErrorMessage, PASSWORD_MIN } from '../../../core/schemas/auth.ts'
import { awaitsPassword, findAdminByAnyResetToken, tokenDigest } from '../../../server/identity/index.ts'
import { servicesContext } from '../../../server/platform/index.ts'
import { Button } from '../../components/ui/button.tsx'
import { AuthCard, adminPageMeta, Field, Notice } from '../../features/auth/auth-card.tsx'
import type { Route } from './+types/reset-password'

/**
 * A reset link, or an invitation (a reset link of an account that has no password yet, with a
 * longer expiry: docs/decisions/0060-buyer-portal-and-invites.md). The token is looked up to say
 * which, and whether it has expired, before anyone types a password; the post checks it again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const token = url.searchParams.get('token')?.slice(0, 200) ?? ''
  const row = token
    ? await findAdminByAnyResetToken(context.get(servicesContext).db, tokenDigest(token))
    : undefined
  const invite = row ? awaitsPassword(row) : false
  const expired = row ? !row.passwordResetExpires || new Date(row.passwordResetExpires) <= new Date() : false
  return {
    // An invitation that expired says so; any other link keeps its form, and the post answers.
    token: invite && expired ? '' : token,
    stale: invite && expired,
    invite,
    area: row?.role === 'buyer' ? ('buyer' as const) : ('admin' as const),
    email: invite && !expired ? (row?.email ?? null) : null,
    error: authErrorMessage(url.searchParams.get('error')),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminPageMeta(loaderData?.invite ? 'Choose your password' : 'Choose a new password')

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { invite, stale } = loaderData
  return (
    <AuthCard
      area={loaderData.area}
      title={invite ? 'Choose your password' : 'Choose a new password'}
      description={
        invite
          ? `You were invited${loaderData.email ? ` as ${loaderData.email}` : ''}. Choose a password of at least ${PASSWORD_MIN} characters to finish setting up your account; common and breached passwords are refused.`
          : `Use at least ${PASSWORD_MIN} characters. Common and breached passwords are refused.`
      }
    >
      {loaderData.error ? <Notice tone="error">{loaderData.error}</Notice> : null}
      {loaderData.token ? (
        <form method="post" action="/api/auth/reset-password">
          <input type="hidden" name="token" value={loaderData.token} />
          <Field
            id="newPassword"
            name="newPassword"
            label={invite ? 'Password' : 'New password'}
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN}
            required
          />
          <Button type="submit" className="w-full">
            {invite ? 'Set password' : 'Set new password'}
          </Button>
        </form>
      ) : stale ? (
        <Notice tone="error">
          This invitation has expired. Ask the person who invited you to send a new one.
        </Notice>
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
