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
  if (!supported) return null

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

  return (
    <div className="mt-4 grid gap-2">
      {error ? <Notice tone="error">{error}</Notice> : null}
      <Button type="button" variant="secondary" className="w-full" onClick={start} disabled={busy}>
        <KeyRound className="size-4" aria-hidden="true" />
        {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
    </div>
  )
}
