import { AlertTriangle } from 'lucide-react'
import { scriptConsentCategories } from '../../../../core/consent.ts'
import {
  type ScriptRow,
  scriptCreateSchema,
  scriptPositions,
  scriptUpdateSchema,
} from '../../../../core/schemas/scripts.ts'
import { vendorTag } from '../../../../core/script-vendors.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { type FieldSpec, ResourceForm } from '../resource/resource-form.tsx'
import { ActiveToggle, DeleteConfirm, ResourceTable, RowActions } from '../resource/resource-table.tsx'
import { useResource, useResourceEditor } from '../resource/use-resource.ts'
import { ScriptPreview } from './script-preview.tsx'

const SCRIPTS = '/api/admin/scripts'

/** SPEC section 9: the list shows the first 200 characters of a script. */
export const SCRIPT_PREVIEW_LENGTH = 200
export const scriptPreview = (script: string) =>
  script.length > SCRIPT_PREVIEW_LENGTH ? `${script.slice(0, SCRIPT_PREVIEW_LENGTH)}...` : script

type Category = (typeof scriptConsentCategories)[number]
type Form = {
  name: string
  position: (typeof scriptPositions)[number]
  script: string
  /** Blank until chosen: whether an entry may run without consent is never a default. */
  consentCategory: Category | ''
  isActive: boolean
}
/** SPEC section 4: the form's state after create, update or cancel. */
const emptyForm = (): Form => ({
  name: '',
  position: 'head',
  script: '',
  consentCategory: '',
  isActive: true,
})

const positionLabels: Record<(typeof scriptPositions)[number], string> = {
  head: 'Head (before closing </head>)',
  body: 'Body (before closing </body>)',
}
const categoryLabels: Record<Category, string> = {
  none: 'Essential (runs without consent)',
  analytics: 'Analytics',
  marketing: 'Marketing',
  preferences: 'Preferences',
}

const fields: FieldSpec<Form>[] = [
  {
    kind: 'group',
    key: 'placement',
    // The category's explanation is long: the other fields keep their own height.
    className: 'items-start md:grid-cols-3',
    fields: [
      { kind: 'text', name: 'name', label: 'Name', placeholder: 'Google Tag Manager' },
      {
        kind: 'select',
        name: 'position',
        label: 'Position',
        hint: ({ form }) =>
          vendorTag(form.script) ? 'A tag ID’s snippet goes in the head, where the vendor asks.' : undefined,
        options: scriptPositions.map((p) => ({ value: p, label: positionLabels[p] })),
      },
      {
        kind: 'select',
        name: 'consentCategory',
        label: 'Consent category',
        required: true,
        hint: (
          <>
            <strong>Essential:</strong> runs for every visitor without asking; only for what the site cannot
            work without. <strong>Analytics, Marketing, Preferences:</strong> runs only after the visitor
            accepts that category of cookies.
          </>
        ),
        options: [
          { value: '', label: 'Choose a category…', disabled: true },
          ...scriptConsentCategories.map((c) => ({ value: c, label: categoryLabels[c] })),
        ],
      },
    ],
  },
  {
    kind: 'textarea',
    name: 'script',
    label: 'Script',
    hint: 'Complete <script>, <noscript>, <link>, <meta> or <style> elements, or just a Google Tag Manager (GTM-…), Google Analytics 4 (G-…) or Meta Pixel ID.',
    rows: 6,
    mono: true,
    placeholder: '<script>\n  // …\n</script>',
  },
  {
    kind: 'custom',
    key: 'warning',
    render: () => (
      <Alert tone="warning" className="flex items-start gap-2">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Scripts run in every visitor's browser with full access to the page. Only add code from sources you
          trust: a malicious script can steal what visitors type.
        </span>
      </Alert>
    ),
  },
  {
    kind: 'custom',
    key: 'preview',
    render: ({ form }) => (
      <ScriptPreview script={form.script} position={form.position} consentCategory={form.consentCategory} />
    ),
  },
  { kind: 'switch', name: 'isActive', label: 'Active' },
]

export function ScriptsPanel() {
  const scripts = useResource<ScriptRow, Form>({
    url: SCRIPTS,
    noun: 'script',
    updated: (_saved, body) => ({
      title: 'Script updated',
      description:
        'isActive' in body && Object.keys(body).length === 1 ? undefined : 'Your changes have been saved',
    }),
  })
  const editor = useResourceEditor<ScriptRow, Form>({
    empty: emptyForm,
    fromRow: (s) => ({
      name: s.name,
      position: s.position,
      script: s.script,
      consentCategory: s.consentCategory,
      isActive: s.isActive,
    }),
  })
  const editing = editor.editing !== null
  const { save, remove, toggle } = scripts

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card
        title={editing ? 'Edit Script' : 'Add Script'}
        description="Tracking and marketing tags added to every public page"
      >
        <ResourceForm
          // A fresh form (and its field errors) for each record edited.
          key={editor.editing?.id ?? 'new'}
          fields={fields}
          form={editor.form}
          onChange={editor.setForm}
          schema={editing ? scriptUpdateSchema : scriptCreateSchema}
          editing={editing}
          error={editor.formError}
          onSubmit={(body) => scripts.submit(editor, body)}
          submitLabel={editing ? 'Update Script' : 'Create Script'}
          pending={save.isPending}
          onCancel={editing ? editor.reset : undefined}
          buttonsClassName="flex flex-wrap items-center gap-4"
        />
      </Card>
      <div>
        <ResourceTable
          caption="Scripts"
          rows={scripts.rows}
          isLoading={scripts.isLoading}
          error={scripts.error}
          empty="No scripts yet"
          columns={[
            { header: 'Name', className: 'font-medium text-slate-900', cell: (s) => s.name },
            { header: 'Position', cell: (s) => s.position },
            {
              header: 'Script',
              className: 'max-w-md break-all font-mono text-xs',
              cell: (s) =>
                s.problem ? (
                  <span className="grid gap-1">
                    <span className="font-sans">
                      <Badge tone="danger">Not on the site</Badge>
                    </span>
                    <span className="break-normal font-sans">{s.problem}</span>
                    <span>{scriptPreview(s.script)}</span>
                  </span>
                ) : (
                  scriptPreview(s.script)
                ),
            },
            { header: 'Consent', cell: (s) => categoryLabels[s.consentCategory] ?? s.consentCategory },
            {
              header: 'Active',
              cell: (s) => (
                <ActiveToggle
                  name={s.name}
                  checked={s.isActive}
                  disabled={save.isPending}
                  onChange={(on) => toggle(s, on)}
                />
              ),
            },
            {
              header: 'Actions',
              cell: (s) => (
                <RowActions
                  name={s.name}
                  onEdit={() => editor.startEdit(s)}
                  onDelete={() => editor.setDoomed(s)}
                >
                  <Button variant="secondary" size="sm" onClick={() => toggle(s, !s.isActive)}>
                    {s.isActive ? 'Deactivate' : 'Activate'}
                  </Button>
                </RowActions>
              ),
            },
          ]}
        />
      </div>
      <DeleteConfirm
        row={editor.doomed}
        noun="script"
        describe={(s) => `"${s.name}" will stop running on the site.`}
        pending={remove.isPending}
        onClose={() => editor.setDoomed(null)}
        onConfirm={(s) => {
          remove.mutate(s.id, { onSettled: () => editor.setDoomed(null) })
          if (editor.editing?.id === s.id) editor.reset()
        }}
      />
    </div>
  )
}
