import { KeyRound } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { SecondFactorMethod } from '../../../core/schemas/mfa.ts'
import { Button } from '../../components/ui/button.tsx'
import { Field, Notice } from './auth-card.tsx'
import { browserSupportsWebAuthn, passkeyErrorMessage, signInWithPasskey } from './passkey-client.ts'

const linkClass = 'font-medium text-teal-800 underline underline-offset-2'

/**
 * The second step of signing in (after the password): an authenticator code, a passkey or a
 * recovery code. The code forms are plain form posts, so they work without JavaScript.
 */
export function SecondStep({
  methods,
  useRecovery,
}: {
  methods: SecondFactorMethod[]
  useRecovery: boolean
}) {
  const [passkeyError, setPasskeyError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Unknown until hydration: nothing is shown or hidden then, so the card does not move.
  const [supported, setSupported] = useState<boolean | null>(null)
  useEffect(() => setSupported(browserSupportsWebAuthn()), [])
  const showRecovery = useRecovery || !methods.includes('totp')

  const usePasskey = async () => {
    setBusy(true)
    setPasskeyError(null)
    try {
      window.location.assign(await signInWithPasskey('second-step'))
    } catch (error) {
      setPasskeyError(passkeyErrorMessage(error))
      setBusy(false)
    }
  }

  return (
    <div className="grid gap-4">
      {methods.includes('passkey') ? (
        <div className="grid gap-2">
          <h2 id="passkey-step" className="font-semibold text-navy-900">
            Passkey
          </h2>
          {passkeyError ? <Notice tone="error">{passkeyError}</Notice> : null}
          <Button type="button" onClick={usePasskey} disabled={!supported || busy} className="w-full">
            <KeyRound className="size-4" aria-hidden="true" />
            {busy ? 'Waiting for your passkey…' : 'Use a passkey'}
          </Button>
          <noscript>
            <p className="text-slate-600 text-sm">
              Passkeys need JavaScript and a browser that supports them.
            </p>
          </noscript>
          {supported === false ? (
            <p className="text-slate-600 text-sm">This browser does not support passkeys.</p>
          ) : null}
        </div>
      ) : null}
      {methods.includes('totp') && !showRecovery ? (
        <div>
          <h2 id="totp-step" className="mb-2 font-semibold text-navy-900">
            Authenticator app
          </h2>
          <form method="post" action="/api/login/totp" noValidate>
            <Field
              id="code"
              name="code"
              label="6-digit code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={7}
              required
              autoFocus
            />
            <Button type="submit" className="w-full">
              Verify code
            </Button>
          </form>
        </div>
      ) : null}
      {showRecovery && methods.includes('recovery') ? (
        <div>
          <h2 id="recovery-step" className="mb-2 font-semibold text-navy-900">
            Recovery code
          </h2>
          <form method="post" action="/api/login/recovery" noValidate>
            <Field
              id="recovery-code"
              name="code"
              label="Recovery code"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
            />
            <Button type="submit" className="w-full">
              Use recovery code
            </Button>
          </form>
        </div>
      ) : null}
      <p className="flex flex-wrap justify-between gap-2 text-sm">
        {methods.includes('recovery') && !showRecovery ? (
          <a href="/api/login?step=second&method=recovery" className={linkClass}>
            Use a recovery code
          </a>
        ) : null}
        {showRecovery && methods.includes('totp') ? (
          <a href="/api/login?step=second" className={linkClass}>
            Use your authenticator app
          </a>
        ) : null}
        <a href="/api/login" className={linkClass}>
          Start again
        </a>
      </p>
    </div>
  )
}
