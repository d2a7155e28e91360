import { AlertTriangle } from 'lucide-react'
import { useState } from 'react'
import {
  type RedirectRow,
  type RedirectSaved,
  type RedirectTestResult,
  redirectCreateSchema,
  redirectStatusCodes,
  redirectUpdateSchema,
} from '../../../../core/schemas/redirects.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { apiRequest } from '../api.ts'
import { ResourceDialog } from '../resource/resource-dialog.tsx'
import type { FieldSpec } from '../resource/resource-form.tsx'
import {
  ActiveToggle,
  DeleteConfirm,
  ResourceHeader,
  ResourceTable,
  RowActions,
} from '../resource/resource-table.tsx'
import { useResource, useResourceEditor } from '../resource/use-resource.ts'
import { serverMessage } from '../use-admin-mutation.ts'

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
const emptyForm = (): Form => ({
  name: '',
  fromUrl: '',
  toUrl: '',
  statusCode: 301,
  isRegex: false,
  isActive: true,
  keepQuery: false,
})
export const statusCodeLabels = { 301: '301 (Permanent Redirect)', 302: '302 (Temporary Redirect)' } as const

const fields: FieldSpec<Form>[] = [
  { kind: 'text', name: 'name', label: 'Name' },
  {
    kind: 'text',
    name: 'fromUrl',
    label: 'From URL',
    mono: true,
    hint: ({ form }) => (form.isRegex ? 'A pattern, e.g. ^/blog/(.*)$' : 'A path, e.g. /old-page'),
  },
  {
    kind: 'text',
    name: 'toUrl',
    label: 'To URL',
    mono: true,
    hint: ({ form }) =>
      form.isRegex ? 'May use $1, $2… for the parts in brackets' : 'A path or a full https:// address',
  },
  {
    kind: 'select',
    name: 'statusCode',
    label: 'Status code',
    options: redirectStatusCodes.map((code) => ({ value: String(code), label: statusCodeLabels[code] })),
    parse: (value) => Number(value) as Form['statusCode'],
  },
  {
    kind: 'group',
    key: 'switches',
    className: 'gap-3',
    fields: [
      { kind: 'switch', name: 'isRegex', label: 'Regular expression' },
      {
        kind: 'custom',
        key: 'regex-warning',
        render: ({ form }) =>
          form.isRegex ? (
            <Alert tone="warning" className="flex items-start gap-2">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                The From URL is a JavaScript-style regular expression matched against every address, e.g.{' '}
                <code>^/blog/(.*)$</code> for all blog addresses. Test it below before relying on it.
              </span>
            </Alert>
          ) : null,
      },
      { kind: 'switch', name: 'isActive', label: 'Active' },
      { kind: 'switch', name: 'keepQuery', label: 'Pass the query string to another site' },
    ],
  },
]

export function RedirectsPanel() {
  const redirects = useResource<RedirectRow, Form, RedirectSaved>({ url: REDIRECTS, noun: 'redirect' })
  const editor = useResourceEditor<RedirectRow, Form>({
    empty: emptyForm,
    fromRow: (r) => ({
      name: r.name,
      fromUrl: r.fromUrl,
      toUrl: r.toUrl,
      statusCode: r.statusCode,
      isRegex: r.isRegex,
      isActive: r.isActive,
      keepQuery: r.keepQuery,
    }),
  })
  const [chainWarning, setChainWarning] = useState<string | null>(null)
  const showChain = (saved: RedirectSaved) => setChainWarning(saved.warning ?? null)
  const { rows, save, remove } = redirects
  const editing = editor.editing !== null

  return (
    <div className="grid grid-cols-1 gap-6">
      <ResourceHeader title="Redirects" addLabel="Add Redirect" onAdd={editor.startCreate} />
      {chainWarning ? (
        <Alert tone="warning" live>
          {chainWarning}
        </Alert>
      ) : null}
      <ResourceTable
        caption="Redirects"
        rows={rows}
        isLoading={redirects.isLoading}
        error={redirects.error}
        empty="No redirects yet"
        columns={[
          { header: 'Name', className: 'font-medium text-slate-900', cell: (r) => r.name },
          { header: 'From', className: 'break-all font-mono text-xs', cell: (r) => r.fromUrl },
          { header: 'To', className: 'break-all font-mono text-xs', cell: (r) => r.toUrl },
          { header: 'Status', cell: (r) => r.statusCode },
          { header: 'Regex', cell: (r) => (r.isRegex ? 'Yes' : 'No') },
          {
            header: 'Active',
            cell: (r) => (
              <ActiveToggle
                name={r.name}
                checked={r.isActive}
                disabled={save.isPending}
                onChange={(isActive) => redirects.toggle(r, isActive, showChain)}
              />
            ),
          },
          { header: 'Hits', cell: (r) => r.hitCount },
          {
            header: 'Actions',
            cell: (r) => (
              <RowActions
                name={r.name}
                onEdit={() => editor.startEdit(r)}
                onDelete={() => editor.setDoomed(r)}
              />
            ),
          },
        ]}
      />
      <RedirectTester rules={rows} />

      <ResourceDialog
        open={editor.open}
        onOpenChange={editor.setOpen}
        title={editing ? 'Edit Redirect' : 'Add Redirect'}
        description="Send visitors from an old address to a new one."
        fields={fields}
        form={editor.form}
        onChange={editor.setForm}
        schema={editing ? redirectUpdateSchema : redirectCreateSchema}
        editing={editing}
        error={editor.formError}
        onSubmit={(body) => redirects.submit(editor, body, showChain)}
        submitLabel={editing ? 'Update Redirect' : 'Create Redirect'}
        pending={save.isPending}
      />
      <DeleteConfirm
        row={editor.doomed}
        noun="redirect"
        describe={(r) => `${r.fromUrl} will no longer send visitors to ${r.toUrl}.`}
        pending={remove.isPending}
        onClose={() => editor.setDoomed(null)}
        onConfirm={(r) => remove.mutate(r.id, { onSettled: () => editor.setDoomed(null) })}
      />
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
