import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { CURRENT_PASSWORD_WRONG, changePasswordFormSchema, PASSWORD_MIN } from '../../../core/schemas/auth.ts'
import { fieldErrors } from '../../../core/schemas/leads.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Card } from '../../components/ui/card.tsx'
import { Field, Input } from '../../components/ui/field.tsx'
import { ApiError, apiRequest } from '../admin/api.ts'
import { serverMessage } from '../admin/use-admin-mutation.ts'
import { useAccountApi } from './security-api.ts'

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' }
type Values = typeof EMPTY

/** Account → "Password": the current password and a new one; other sessions are signed out. */
export function PasswordCard() {
  const { account } = useAccountApi()
  const client = useQueryClient()
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<keyof Values | 'form', string>>>({})
  const [done, setDone] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setDone(null)
    const parsed = changePasswordFormSchema.safeParse(values)
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    setErrors({})
    setPending(true)
    try {
      const { currentPassword, newPassword } = parsed.data
      const answer = await apiRequest<{ message: string }>('POST', `${account}/password`, {
        currentPassword,
        newPassword,
      })
      setValues(EMPTY)
      setDone(answer.message)
      await client.invalidateQueries({ queryKey: ['/api/account/sessions'] })
    } catch (error) {
      const message = serverMessage(error) ?? 'Your password was not changed. Please try again.'
      if (message === CURRENT_PASSWORD_WRONG) setErrors({ currentPassword: message })
      else if (error instanceof ApiError && error.status === 400) setErrors({ newPassword: message })
      else setErrors({ form: message })
    } finally {
      setPending(false)
    }
  }

  return (
    <Card title="Password" description="Change the password you sign in with.">
      <form id="password" onSubmit={submit} className="grid max-w-md gap-4" noValidate>
        {done ? (
          <Alert tone="info" live>
            {done}
          </Alert>
        ) : null}
        {errors.form ? <Alert live>{errors.form}</Alert> : null}
        <Field label="Current password" error={errors.currentPassword}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={set('currentPassword')}
            />
          )}
        </Field>
        <Field
          label="New password"
          hint={`At least ${PASSWORD_MIN} characters. A few unrelated words make a strong one.`}
          error={errors.newPassword}
        >
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              value={values.newPassword}
              onChange={set('newPassword')}
            />
          )}
        </Field>
        <Field label="New password again" error={errors.confirmPassword}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
            />
          )}
        </Field>
        <div>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Changing…' : 'Change password'}
          </Button>
        </div>
        <p className="text-slate-600 text-sm">Your other sessions are signed out when it changes.</p>
      </form>
    </Card>
  )
}
