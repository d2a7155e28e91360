import { AlertTriangle, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { RedirectRow, RedirectSaved, RedirectTestResult } from '../../../../core/schemas/redirects.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { StateBadge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Input, Select } from '../../../components/ui/field.tsx'
import { Switch } from '../../../components/ui/switch.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { apiRequest } from '../api.ts'
import { LoadError } from '../load-error.tsx'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { useList } from '../use-list.ts'

const REDIRECTS = '/api/admin/redirects'

type Form = {
  name: string
  fromUrl: string
  toUrl: string
  statusCode: 301 | 302
  isRegex: boolean
  isActive: boolean
  keepQuery: boolean
}
/** SPEC section 4: empty name and URLs, 301, not regex, active. */
const emptyForm: Form = {
  name: '',
  fromUrl: '',
  toUrl: '',
  statusCode: 301,
  isRegex: false,
  isActive: true,
  keepQuery: false,
}
export const statusCodeLabels = { 301: '301 (Permanent Redirect)', 302: '302 (Temporary Redirect)' } as const

export function RedirectsPanel() {
  const { rows, error, isLoading } = useList<RedirectRow>(REDIRECTS)
  const [open, setOpen] = useState(false)
  const [editing, setEditing] = useState<number | null>(null)
  const [form, setForm] = useState<Form>(emptyForm)
  const [formError, setFormError] = useState<string | null>(null)
  const [chainWarning, setChainWarning] = useState<string | null>(null)
  const [doomed, setDoomed] = useState<RedirectRow | null>(null)

  const startCreate = () => {
    setEditing(null)
    setForm(emptyForm)
    setFormError(null)
    setOpen(true)
  }
  const startEdit = (r: RedirectRow) => {
    setEditing(r.id)
    setForm({
      name: r.name,
      fromUrl: r.fromUrl,
      toUrl: r.toUrl,
      statusCode: r.statusCode,
      isRegex: r.isRegex,
      isActive: r.isActive,
      keepQuery: r.keepQuery,
    })
    setFormError(null)
    setOpen(true)
  }

  const save = useAdminMutation({
    request: ({ id, body }: { id: number | null; body: Partial<Form> }) =>
      id === null
        ? apiRequest<RedirectSaved>('POST', REDIRECTS, body)
        : apiRequest<RedirectSaved>('PUT', `${REDIRECTS}/${id}`, body),
    invalidate: [REDIRECTS],
    success: (_r, { id }) => ({ title: id === null ? 'Redirect created' : 'Redirect updated' }),
    failure: (_e, { id }) => ({
      title: 'Error',
      description: `Failed to ${id === null ? 'create' : 'update'} redirect. Please try again.`,
    }),
  })
  const remove = useAdminMutation({
    request: (id: number) => apiRequest('DELETE', `${REDIRECTS}/${id}`),
    invalidate: [REDIRECTS],
    success: () => ({ title: 'Redirect deleted' }),
    failure: () => ({ title: 'Error', description: 'Failed to delete redirect. Please try again.' }),
  })

  const submit = () => {
    setFormError(null)
    save.mutate(
      { id: editing, body: form },
      {
        onSuccess: (saved) => {
          setOpen(false)
          setChainWarning(saved.warning ?? null)
        },
        // The dialog stays open with what was typed, and says what the server refused.
        onError: (e) => setFormError(serverMessage(e) ?? 'The redirect could not be saved'),
      },
    )
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-semibold text-lg text-navy-900">Redirects</h2>
        <Button size="sm" onClick={startCreate}>
          <Plus className="size-4" aria-hidden="true" />
          Add Redirect
        </Button>
      </div>
      {chainWarning ? (
        <Alert tone="warning" live>
          {chainWarning}
        </Alert>
      ) : null}
      <LoadError error={error} />
      <DataTable
        caption="Redirects"
        head={['Name', 'From', 'To', 'Status', 'Regex', 'Active', 'Hits', 'Actions']}
        empty={isLoading ? 'Loading…' : rows.length ? null : 'No redirects yet'}
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <Cell className="font-medium text-slate-900">{r.name}</Cell>
            <Cell className="break-all font-mono text-xs">{r.fromUrl}</Cell>
            <Cell className="break-all font-mono text-xs">{r.toUrl}</Cell>
            <Cell>{r.statusCode}</Cell>
            <Cell>{r.isRegex ? 'Yes' : 'No'}</Cell>
            <Cell>
              <div className="flex items-center gap-2">
                <Switch
                  checked={r.isActive}
                  aria-label={`Active: ${r.name}`}
                  disabled={save.isPending}
                  onCheckedChange={(isActive) =>
                    save.mutate(
                      { id: r.id, body: { isActive } },
                      { onSuccess: (saved) => setChainWarning(saved.warning ?? null) },
                    )
                  }
                />
                <StateBadge on={r.isActive} yes="Active" no="Inactive" />
              </div>
            </Cell>
            <Cell>{r.hitCount}</Cell>
            <Cell>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Edit ${r.name}`}
                  onClick={() => startEdit(r)}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                  Edit
                </Button>
                <Button
                  variant="destructive"
                  size="sm"
                  aria-label={`Delete ${r.name}`}
                  onClick={() => setDoomed(r)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete
                </Button>
              </div>
            </Cell>
          </tr>
        ))}
      </DataTable>
      <RedirectTester rules={rows} />

      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={editing === null ? 'Add Redirect' : 'Edit Redirect'}
        description="Send visitors from an old address to a new one."
      >
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <Field label="Name">
            {(c) => (
              <Input {...c} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
            )}
          </Field>
          <Field
            label="From URL"
            hint={form.isRegex ? 'A pattern, e.g. ^/blog/(.*)$' : 'A path, e.g. /old-page'}
          >
            {(c) => (
              <Input
                {...c}
                className="font-mono"
                value={form.fromUrl}
                onChange={(e) => setForm({ ...form, fromUrl: e.target.value })}
              />
            )}
          </Field>
          <Field
            label="To URL"
            hint={
              form.isRegex ? 'May use $1, $2… for the parts in brackets' : 'A path or a full https:// address'
            }
          >
            {(c) => (
              <Input
                {...c}
                className="font-mono"
                value={form.toUrl}
                onChange={(e) => setForm({ ...form, toUrl: e.target.value })}
              />
            )}
          </Field>
          <Field label="Status code">
            {(c) => (
              <Select
                {...c}
                value={String(form.statusCode)}
                onChange={(e) => setForm({ ...form, statusCode: Number(e.target.value) as 301 | 302 })}
              >
                <option value="301">{statusCodeLabels[301]}</option>
                <option value="302">{statusCodeLabels[302]}</option>
              </Select>
            )}
          </Field>
          <div className="grid gap-3">
            <SwitchRow
              id="redirect-regex"
              label="Regular expression"
              checked={form.isRegex}
              onChange={(isRegex) => setForm({ ...form, isRegex })}
            />
            {form.isRegex ? (
              <Alert tone="warning" className="flex items-start gap-2">
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  The From URL is a JavaScript-style regular expression matched against every address, e.g.{' '}
                  <code>^/blog/(.*)$</code> for all blog addresses. Test it below before relying on it.
                </span>
              </Alert>
            ) : null}
            <SwitchRow
              id="redirect-active"
              label="Active"
              checked={form.isActive}
              onChange={(isActive) => setForm({ ...form, isActive })}
            />
            <SwitchRow
              id="redirect-keep-query"
              label="Pass the query string to another site"
              checked={form.keepQuery}
              onChange={(keepQuery) => setForm({ ...form, keepQuery })}
            />
          </div>
          {formError ? <Alert>{formError}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
              {save.isPending ? 'Saving...' : editing === null ? 'Create Redirect' : 'Update Redirect'}
            </Button>
          </div>
        </form>
      </Dialog>
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(o) => !o && setDoomed(null)}
        title="Delete redirect?"
        description={doomed ? `${doomed.fromUrl} will no longer send visitors to ${doomed.toUrl}.` : ''}
        confirmLabel="Delete redirect"
        pending={remove.isPending}
        onConfirm={() => {
          if (!doomed) return
          remove.mutate(doomed.id, { onSettled: () => setDoomed(null) })
        }}
      />
    </div>
  )
}

function SwitchRow({
  id,
  label,
  checked,
  onChange,
}: {
  id: string
  label: string
  checked: boolean
  onChange: (on: boolean) => void
}) {
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <label htmlFor={id} className="text-slate-800 text-sm">
        {label}
      </label>
    </div>
  )
}

/** "Test a URL": asks the server, which answers with the live matcher visitors get. */
function RedirectTester({ rules }: { rules: RedirectRow[] }) {
  const [url, setUrl] = useState('')
  const [result, setResult] = useState<RedirectTestResult | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const ruleName = (id: number) => rules.find((r) => r.id === id)?.name ?? `rule ${id}`

  return (
    <Card
      title="Test a URL"
      description="See which active rule answers an address, as a visitor would get it"
    >
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={async (event) => {
          event.preventDefault()
          setPending(true)
          setProblem(null)
          try {
            setResult(
              await apiRequest<RedirectTestResult>('GET', `${REDIRECTS}/test?url=${encodeURIComponent(url)}`),
            )
          } catch (e) {
            setResult(null)
            setProblem(serverMessage(e) ?? 'The address could not be tested')
          } finally {
            setPending(false)
          }
        }}
      >
        <Field label="Address to test" className="min-w-60 flex-1">
          {(c) => (
            <Input
              {...c}
              className="font-mono"
              placeholder="/old-page?utm_source=ad"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" disabled={pending} aria-busy={pending}>
          {pending ? 'Testing...' : 'Test'}
        </Button>
      </form>
      <div role="status" className="mt-3 text-sm">
        {problem ? <span className="text-red-700">{problem}</span> : null}
        {result?.kind === 'redirect' ? (
          <p>
            <strong>{ruleName(result.ruleId)}</strong> answers with <strong>{result.statusCode}</strong> to{' '}
            <code className="break-all">{result.location}</code>
          </p>
        ) : null}
        {result?.kind === 'none' ? <p>No active rule matches: the page is served as it is.</p> : null}
        {result?.kind === 'protected' ? (
          <p>
            The site itself answers this address (admin, sign-in or system path): no rule can redirect it.
          </p>
        ) : null}
        {result?.kind === 'refused' ? (
          <p>
            <strong>{ruleName(result.ruleId)}</strong> matches, but its target would change host, so no
            redirect is made.
          </p>
        ) : null}
        {result?.kind === 'loop' ? (
          <p>
            <strong>{ruleName(result.ruleId)}</strong> matches, but its target is this same address, so no
            redirect is made (it would loop for ever).
          </p>
        ) : null}
      </div>
    </Card>
  )
}
