import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { SecurityView } from '../../../core/schemas/mfa.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { PasskeysCard } from './passkeys-card.tsx'
import { PasswordCard } from './password-card.tsx'
import { RecoveryCodesCard } from './recovery-codes-card.tsx'
import { useAccountApi } from './security-api.ts'
import { TotpCard } from './totp-card.tsx'

/** Account → Security: the user's own passkeys, authenticator app and recovery codes. */
export function SecuritySection({ enrolRequested }: { enrolRequested: boolean }) {
  const { security } = useAccountApi()
  const { data, isLoading, error } = useQuery<SecurityView | null>({ queryKey: [security] })
  // Recovery codes just issued, by the card or with the first factor: shown once, until saved.
  const [shownCodes, setShownCodes] = useState<string[] | null>(null)
  const onIssued = (codes: string[] | undefined) => {
    if (codes?.length) setShownCodes(codes)
  }
  return (
    <section aria-labelledby="security-heading" className="grid gap-4">
      <h2 id="security-heading" className="font-bold text-navy-900 text-xl">
        Security
      </h2>
      {isLoading ? <p role="status">Loading your sign-in settings…</p> : null}
      {error ? <Alert>Your sign-in settings could not be loaded. Please refresh.</Alert> : null}
      {data?.mustEnrol ? (
        <Alert tone="warning" live>
          Your organisation requires a second factor for your account. Add a passkey or set up an
          authenticator app to continue.
        </Alert>
      ) : enrolRequested && data && !data.mustEnrol ? (
        <Alert tone="info" live>
          Thank you: your account has a second factor. You can go back to the dashboard.
        </Alert>
      ) : null}
      <PasswordCard />
      {data ? (
        <>
          <PasskeysCard passkeys={data.passkeys} onRecoveryCodes={onIssued} />
          <TotpCard totp={data.totp} onRecoveryCodes={onIssued} />
          <RecoveryCodesCard codes={data.recoveryCodes} shown={shownCodes} onShown={setShownCodes} />
        </>
      ) : null}
    </section>
  )
}
