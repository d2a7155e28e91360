import { type FormEvent, useState } from 'react'
import { redirect } from 'react-router'
import {
  authErrorMessage,
  forgotPasswordSchema,
  INVITE_ACCEPTED,
  loginSchema,
} from '../../../core/schemas/auth.ts'
import { fieldErrors } from '../../../core/schemas/leads.ts'
import { SECOND_STEP_EXPIRED } from '../../../core/schemas/mfa.ts'
import { readChallenge, secondFactorMethods, ssoPublicView } from '../../../server/identity/index.ts'
import { requestContext, servicesContext } from '../../../server/platform/index.ts'
import { Button } from '../../components/ui/button.tsx'
import { AuthCard, adminPageMeta, Field, Notice } from '../../features/auth/auth-card.tsx'
import { PasskeySignIn } from '../../features/auth/passkey-sign-in.tsx'
import { SecondStep } from '../../features/auth/second-step.tsx'
import { SsoSignIn } from '../../features/auth/sso-sign-in.tsx'
import type { Route } from './+types/login'

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = context.get(requestContext).admin
  if (account) throw redirect(account.role === 'buyer' ? '/buyer' : '/admin')
  const url = new URL(request.url)
  let error = authErrorMessage(url.searchParams.get('error'))
  if (url.searchParams.get('step') === 'second') {
    // The password was right: the pending sign-in (server-side, named by a cookie) waits for a factor.
    const services = context.get(servicesContext)
    const pending = await readChallenge(services, request.headers.get('cookie'), 'second-step')
    if (pending?.adminId) {
      return {
        step: 'second' as const,
        methods: await secondFactorMethods(services, pending.adminId),
        useRecovery: url.searchParams.get('method') === 'recovery',
        error,
      }
    }
    error = SECOND_STEP_EXPIRED
  }
  return {
    step: 'password' as const,
    error,
    // Only an address that is an email is put back in the field: no free text from the URL.
    email: forgotPasswordSchema.safeParse({ email: url.searchParams.get('email') }).data?.email ?? '',
    reset: url.searchParams.get('reset') === '1',
    invited: url.searchParams.get('invited') === '1',
    // /buyer sends its visitors here with portal=buyer: the page names the buyer portal.
    portal: url.searchParams.get('portal') === 'buyer' ? ('buyer' as const) : null,
    sso: ssoPublicView(context.get(servicesContext)),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminPageMeta(
    loaderData && 'portal' in loaderData && loaderData.portal === 'buyer'
      ? 'Sign in to the buyer portal'
      : 'Sign in',
  )

export default function Login({ loaderData }: Route.ComponentProps) {
  if (loaderData.step === 'second') {
    return (
      <AuthCard
        title="Confirm it's you"
        description="Your account has a second factor. Use one of them to finish signing in."
      >
        {loaderData.error ? <Notice tone="error">{loaderData.error}</Notice> : null}
        <SecondStep methods={loaderData.methods} useRecovery={loaderData.useRecovery} />
      </AuthCard>
    )
  }
  return <PasswordStep data={loaderData} />
}

function PasswordStep({
  data: loaderData,
}: {
  data: {
    error: string | null
    email: string
    reset: boolean
    invited: boolean
    portal: 'buyer' | null
    sso: ReturnType<typeof ssoPublicView>
  }
}) {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const buyer = loaderData.portal === 'buyer'

  // Checked in the browser first for quick feedback; the server checks again either way.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget)
    const result = loginSchema.safeParse({ email: form.get('email'), password: form.get('password') })
    if (!result.success) {
      event.preventDefault()
      setErrors(fieldErrors(result.error))
    }
  }

  return (
    <AuthCard
      area={buyer ? 'buyer' : 'admin'}
      title={buyer ? 'Sign in to the buyer portal' : 'Sign in'}
      description={
        buyer
          ? 'See the leads your firm bought, check their consent and return a lead within its window.'
          : 'Sign in to manage the site.'
      }
    >
      {loaderData.reset ? (
        <Notice tone="success">Your password has been changed. Please sign in.</Notice>
      ) : null}
      {loaderData.invited ? <Notice tone="success">{INVITE_ACCEPTED}</Notice> : null}
      {loaderData.error ? <Notice tone="error">{loaderData.error}</Notice> : null}
      <form method="post" action="/api/login" onSubmit={onSubmit} noValidate>
        {buyer ? <input type="hidden" name="portal" value="buyer" /> : null}
        <Field
          id="email"
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          defaultValue={loaderData.email}
          error={errors.email}
          required
        />
        <Field
          id="password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
          required
        />
        <Button type="submit" className="w-full">
          Sign in
        </Button>
      </form>
      <SsoSignIn sso={loaderData.sso} />
      <PasskeySignIn />
      <p className="mt-4 text-center text-sm">
        <a href="/forgot-password" className="font-medium text-teal-800 underline underline-offset-2">
          Forgot password?
        </a>
      </p>
    </AuthCard>
  )
}
