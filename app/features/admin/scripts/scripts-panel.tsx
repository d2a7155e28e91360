import { AlertTriangle, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { scriptConsentCategories } from '../../../../core/consent.ts'
import { type ScriptInput, type ScriptRow, scriptPositions } from '../../../../core/schemas/scripts.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { StateBadge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx'
import { Switch } from '../../../components/ui/switch.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { apiRequest } from '../api.ts'
import { LoadError } from '../load-error.tsx'
import { useAdminMutation } from '../use-admin-mutation.ts'
import { useList } from '../use-list.ts'

const SCRIPTS = '/api/admin/scripts'

/** SPEC section 9: the list shows the first 200 characters of a script. */
export const SCRIPT_PREVIEW_LENGTH = 200
export const scriptPreview = (script: string) =>
  script.length > SCRIPT_PREVIEW_LENGTH ? `${script.slice(0, SCRIPT_PREVIEW_LENGTH)}...` : script

type Form = Required<Pick<ScriptInput, 'name' | 'position' | 'script' | 'consentCategory' | 'isActive'>>
/** SPEC section 4: the form's state after create, update or cancel. */
const emptyForm: Form = { name: '', position: 'head', script: '', consentCategory: 'none', isActive: true }

const positionLabels: Record<(typeof scriptPositions)[number], string> = {
  head: 'Head (before closing </head>)',
  body: 'Body (before closing </body>)',
}
const categoryLabels: Record<(typeof scriptConsentCategories)[number], string> = {
  none: 'None (always runs)',
  analytics: 'Analytics',
  marketing: 'Marketing',
  preferences: 'Preferences',
}

export function ScriptsPanel() {
  const { rows, error, isLoading } = useList<ScriptRow>(SCRIPTS)
  const [form, setForm] = useState<Form>(emptyForm)
  const [editing, setEditing] = useState<number | null>(null)
  const [doomed, setDoomed] = useState<ScriptRow | null>(null)
  const reset = () => {
    setForm(emptyForm)
    setEditing(null)
  }

  const save = useAdminMutation({
    request: ({ id, body }: { id: number | null; body: Partial<Form> }) =>
      id === null ? apiRequest('POST', SCRIPTS, body) : apiRequest('PUT', `${SCRIPTS}/${id}`, body),
    invalidate: [SCRIPTS],
    success: (_r, { id, body }) =>
      id === null
        ? { title: 'Script created' }
        : {
            title: 'Script updated',
            description:
              'isActive' in body && Object.keys(body).length === 1
                ? undefined
                : 'Your changes have been saved',
          },
    failure: (_e, { id }) => ({
      title: 'Error',
      description: `Failed to ${id === null ? 'create' : 'update'} script. Please try again.`,
    }),
  })
  const remove = useAdminMutation({
    request: (id: number) => apiRequest('DELETE', `${SCRIPTS}/${id}`),
    invalidate: [SCRIPTS],
    success: () => ({ title: 'Script deleted' }),
    failure: () => ({ title: 'Error', description: 'Failed to delete script. Please try again.' }),
  })
  const toggle = (s: ScriptRow, isActive: boolean) => save.mutate({ id: s.id, body: { isActive } })

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card
        title={editing === null ? 'Add Script' : 'Edit Script'}
        description="Tracking and marketing tags added to every public page"
      >
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            save.mutate({ id: editing, body: form }, { onSuccess: reset })
          }}
        >
          <div className="grid gap-4 md:grid-cols-3">
            <Field label="Name">
              {(control) => (
                <Input
                  {...control}
                  value={form.name}
                  onChange={(e) => setForm({ ...form, name: e.target.value })}
                  placeholder="Google Tag Manager"
                />
              )}
            </Field>
            <Field label="Position">
              {(control) => (
                <Select
                  {...control}
                  value={form.position}
                  onChange={(e) => setForm({ ...form, position: e.target.value as Form['position'] })}
                >
                  {scriptPositions.map((p) => (
                    <option key={p} value={p}>
                      {positionLabels[p]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Consent category" hint="Runs only after the visitor accepts this category.">
              {(control) => (
                <Select
                  {...control}
                  value={form.consentCategory}
                  onChange={(e) =>
                    setForm({ ...form, consentCategory: e.target.value as Form['consentCategory'] })
                  }
                >
                  {scriptConsentCategories.map((c) => (
                    <option key={c} value={c}>
                      {categoryLabels[c]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <Field label="Script" hint="Paste the complete code, including its <script> tags.">
            {(control) => (
              <Textarea
                {...control}
                rows={6}
                className="font-mono text-sm"
                value={form.script}
                onChange={(e) => setForm({ ...form, script: e.target.value })}
                placeholder={'<script>\n  // …\n</script>'}
              />
            )}
          </Field>
          <Alert tone="warning" className="flex items-start gap-2">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Scripts run in every visitor's browser with full access to the page. Only add code from sources
              you trust: a malicious script can steal what visitors type.
            </span>
          </Alert>
          <div className="flex flex-wrap items-center gap-4">
            <div className="flex items-center gap-2">
              <Switch
                id="script-active"
                checked={form.isActive}
                onCheckedChange={(isActive) => setForm({ ...form, isActive })}
              />
              <label htmlFor="script-active" className="text-slate-800 text-sm">
                Active
              </label>
            </div>
            <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
              {save.isPending ? 'Saving...' : editing === null ? 'Create Script' : 'Update Script'}
            </Button>
            {editing !== null ? (
              <Button variant="secondary" onClick={reset}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
      <div>
        <LoadError error={error} />
        <DataTable
          caption="Scripts"
          head={['Name', 'Position', 'Script', 'Consent', 'Active', 'Actions']}
          empty={isLoading ? 'Loading…' : rows.length ? null : 'No scripts yet'}
        >
          {rows.map((s) => (
            <tr key={s.id}>
              <Cell className="font-medium text-slate-900">{s.name}</Cell>
              <Cell>{s.position}</Cell>
              <Cell className="max-w-md break-all font-mono text-xs">{scriptPreview(s.script)}</Cell>
              <Cell>{categoryLabels[s.consentCategory] ?? s.consentCategory}</Cell>
              <Cell>
                <div className="flex items-center gap-2">
                  <Switch
                    checked={s.isActive}
                    aria-label={`Active: ${s.name}`}
                    disabled={save.isPending}
                    onCheckedChange={(on) => toggle(s, on)}
                  />
                  <StateBadge on={s.isActive} yes="Active" no="Inactive" />
                </div>
              </Cell>
              <Cell>
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" size="sm" onClick={() => toggle(s, !s.isActive)}>
                    {s.isActive ? 'Deactivate' : 'Activate'}
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Edit ${s.name}`}
                    onClick={() => {
                      setEditing(s.id)
                      setForm({
                        name: s.name,
                        position: s.position,
                        script: s.script,
                        consentCategory: s.consentCategory,
                        isActive: s.isActive,
                      })
                    }}
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                    Edit
                  </Button>
                  <Button
                    variant="destructive"
                    size="sm"
                    aria-label={`Delete ${s.name}`}
                    onClick={() => setDoomed(s)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </Cell>
            </tr>
          ))}
        </DataTable>
      </div>
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => !open && setDoomed(null)}
        title="Delete script?"
        description={doomed ? `"${doomed.name}" will stop running on the site.` : ''}
        confirmLabel="Delete script"
        pending={remove.isPending}
        onConfirm={() => {
          if (!doomed) return
          remove.mutate(doomed.id, { onSettled: () => setDoomed(null) })
          if (editing === doomed.id) reset()
        }}
      />
    </div>
  )
}
