import { type FormEvent, type ReactNode, useCallback, useRef, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { Field, Input } from '../../components/ui/field.tsx'
import { apiRequest } from '../admin/api.ts'
import { ReauthenticateContext } from '../admin/reauthenticate.ts'
import { serverMessage } from '../admin/use-admin-mutation.ts'
import { useAccountApi } from './security-api.ts'

/**
 * Gives the screens below it a way to ask for the password or a code again when a change needs a
 * fresh sign-in: useAdminMutation then retries the change once the user has confirmed.
 */
export function ReauthenticateProvider({ children }: { children: ReactNode }) {
  const { account } = useAccountApi()
  const [open, setOpen] = useState(false)
  const [secret, setSecret] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const settle = useRef<((confirmed: boolean) => void) | null>(null)

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false)
        settle.current = resolve
        setSecret('')
        setError(null)
        setOpen(true)
      }),
    [],
  )
  const close = (confirmed: boolean) => {
    settle.current?.(confirmed)
    settle.current = null
    setOpen(false)
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const value = secret.trim()
    if (!value) return setError('Enter your password or a code')
    // Six digits are an authenticator code, a recovery code has a dash; anything else is a password.
    const code = value.replace(/\s+/g, '')
    const body =
      /^\d{6}$/.test(code) || /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(code) ? { code } : { password: secret }
    setPending(true)
    try {
      await apiRequest('POST', `${account}/reauthenticate`, body)
      close(true)
    } catch (e) {
      setError(serverMessage(e) ?? 'That did not work. Please try again.')
    } finally {
      setPending(false)
    }
  }
  return (
    <ReauthenticateContext.Provider value={ask}>
      {children}
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close(false))}
        title="Confirm it is you"
        description="You signed in more than ten minutes ago. Enter your password, or a code from your authenticator app, to go on."
      >
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field label="Password or code" error={error}>
            {(control) => (
              <Input
                {...control}
                type="password"
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
                autoComplete="current-password"
                autoFocus
              />
            )}
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending} aria-busy={pending}>
              Confirm
            </Button>
          </div>
        </form>
      </Dialog>
    </ReauthenticateContext.Provider>
  )
}
