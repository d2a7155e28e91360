import { KeyRound } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Notice } from './auth-card.tsx'
import { browserSupportsWebAuthn, passkeyErrorMessage, signInWithPasskey } from './passkey-client.ts'

/** "Sign in with a passkey": no email or password, the passkey names the account. Needs JavaScript. */
export function PasskeySignIn() {
  const [supported, setSupported] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => setSupported(browserSupportsWebAuthn()), [])

  const start = async () => {
    setBusy(true)
    setError(null)
    try {
      window.location.assign(await signInWithPasskey('alone'))
    } catch (failure) {
      setError(passkeyErrorMessage(failure))
      setBusy(false)
    }
  }

  // The button's place is kept from the first paint (hidden until the browser is known to support
  // passkeys), so the card does not move under a quick click when it appears after hydration.
  return (
    <div className="mt-4 grid gap-2">
      {error ? <Notice tone="error">{error}</Notice> : null}
      <Button
        type="button"
        variant="secondary"
        className={supported ? 'w-full' : 'invisible w-full'}
        onClick={start}
        disabled={busy || !supported}
        aria-hidden={supported ? undefined : true}
      >
        <KeyRound className="size-4" aria-hidden="true" />
        {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
    </div>
  )
}
