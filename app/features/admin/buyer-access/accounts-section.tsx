import { Mail, Plus, UserRound } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { type BuyerAccountView, buyerAccountCreateSchema } from '../../../../core/schemas/buyer-access.ts'
import { fieldErrors } from '../../../../core/schemas/leads.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { apiRequest } from '../api.ts'
import { formatDateTime } from '../format.ts'
import { LoadError } from '../load-error.tsx'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { useList } from '../use-list.ts'

const emptyForm = { email: '', firstName: '', lastName: '' }

/** The buyer's sign-in accounts: they see only /buyer (their leads and returns). */
export function AccountsSection({ buyerId }: { buyerId: number }) {
  const url = `/api/admin/buyers/${buyerId}/accounts`
  const { rows, error, isLoading } = useList<BuyerAccountView>(url)
  const [open, setOpen] = useState(false)
  const [form, setForm] = useState(emptyForm)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [deleting, setDeleting] = useState<BuyerAccountView | null>(null)

  const create = useAdminMutation({
    request: (body: typeof emptyForm) => apiRequest<BuyerAccountView>('POST', url, body),
    invalidate: [url],
    success: (account) => ({
      title: 'Invitation sent',
      description: `${account.email} was emailed a link to choose a password and sign in at /buyer`,
    }),
    failure: (e) => ({ title: 'Error', description: serverMessage(e) ?? 'The account was not created.' }),
  })
  const reinvite = useAdminMutation({
    request: (account: BuyerAccountView) =>
      apiRequest<{ message: string }>('POST', `${url}/${account.id}/invite`, {}),
    invalidate: [url],
    success: (answer) => ({ title: 'Invitation sent', description: answer.message }),
    failure: (e) => ({ title: 'Error', description: serverMessage(e) ?? 'The invitation was not sent.' }),
  })
  const remove = useAdminMutation({
    request: (account: BuyerAccountView) => apiRequest('DELETE', `${url}/${account.id}`),
    invalidate: [url],
    success: (_r, account) => ({
      title: 'Account deleted',
      description: `${account.email} can no longer sign in`,
    }),
    failure: (e) => ({ title: 'Error', description: serverMessage(e) ?? 'The account was not deleted.' }),
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = buyerAccountCreateSchema.safeParse(form)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error))
      return
    }
    setErrors({})
    create.mutate(form, {
      onSuccess: () => {
        setOpen(false)
        setForm(emptyForm)
      },
    })
  }
  const set = (key: keyof typeof emptyForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }))

  return (
    <section
      aria-labelledby="accounts-heading"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="accounts-heading" className="flex items-center gap-2 font-bold text-lg text-navy-900">
            <UserRound className="size-5 text-teal-700" aria-hidden="true" />
            Sign-in accounts
          </h2>
          <p className="text-slate-600 text-sm">
            People at the buyer sign in where staff do and see only their leads, returns and CSV. Each is
            invited by email to choose their own password.
          </p>
        </div>
        <Button onClick={() => setOpen(true)}>
          <Plus className="size-4" aria-hidden="true" />
          Add account
        </Button>
      </div>
      <LoadError error={error} />
      <DataTable
        caption="Sign-in accounts"
        head={['Email', 'Name', 'Last sign-in', 'Actions']}
        empty={isLoading ? 'Loading...' : rows.length === 0 ? 'No accounts yet.' : null}
      >
        {rows.map((account) => (
          <tr key={account.id}>
            <Cell className="break-all font-medium text-navy-900">{account.email}</Cell>
            <Cell>{[account.firstName, account.lastName].filter(Boolean).join(' ') || '—'}</Cell>
            <Cell className="whitespace-nowrap">
              {account.invited ? (
                <Badge tone="warning">Invited</Badge>
              ) : account.lastLogin ? (
                formatDateTime(account.lastLogin)
              ) : (
                'Never'
              )}
            </Cell>
            <Cell>
              <div className="flex flex-wrap gap-2">
                {account.invited ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={reinvite.isPending}
                    onClick={() => reinvite.mutate(account)}
                  >
                    <Mail className="size-4" aria-hidden="true" />
                    Resend invitation<span className="sr-only"> to {account.email}</span>
                  </Button>
                ) : null}
                <Button size="sm" variant="secondary" onClick={() => setDeleting(account)}>
                  Delete<span className="sr-only"> {account.email}</span>
                </Button>
              </div>
            </Cell>
          </tr>
        ))}
      </DataTable>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Add a sign-in account"
        description="We email them a link, valid for 7 days and once, to choose their own password."
      >
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field label="Email" error={errors.email} required>
            {(c) => (
              <Input {...c} type="email" autoComplete="off" value={form.email} onChange={set('email')} />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" error={errors.firstName}>
              {(c) => <Input {...c} value={form.firstName} onChange={set('firstName')} />}
            </Field>
            <Field label="Last name" error={errors.lastName}>
              {(c) => <Input {...c} value={form.lastName} onChange={set('lastName')} />}
            </Field>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
              Send invitation
            </Button>
          </div>
        </form>
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? undefined : setDeleting(null))}
        title="Delete this account?"
        description={`${deleting?.email ?? ''} is signed out and can no longer sign in.`}
        confirmLabel="Delete account"
        pending={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSettled: () => setDeleting(null) })
        }}
      />
    </section>
  )
}
