import { KeyRound, ListChecks } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { z } from 'zod'
import type { BuyerView } from '../../../../core/schemas/buyer-views.ts'
import { buyerCreateSchema, buyerUpdateSchema } from '../../../../core/schemas/buyers.ts'
import { Button, buttonClasses } from '../../../components/ui/button.tsx'
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
import { BUYERS, ContractsSection } from './contracts-section.tsx'

type Form = {
  name: string
  tradingName: string
  fcaNumber: string
  email: string
  namedInConsent: boolean
  consentOrder: number | null
  isActive: boolean
  /** The identity as saved, to warn before it changes (not sent). */
  saved: { name: string; tradingName: string; fcaNumber: string } | null
}
const emptyForm = (): Form => ({
  saved: null,
  name: '',
  tradingName: '',
  fcaNumber: '',
  email: '',
  namedInConsent: true,
  consentOrder: 0,
  isActive: true,
})

const fields: FieldSpec<Form>[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, hint: 'The firm, as registered.' },
  {
    kind: 'text',
    name: 'tradingName',
    label: 'Trading name',
    hint: 'What visitors know it as; the consent wording uses it.',
  },
  {
    kind: 'group',
    key: 'identity',
    className: 'sm:grid-cols-2',
    fields: [
      {
        kind: 'text',
        name: 'fcaNumber',
        label: 'FCA firm reference number',
        required: true,
        hint: '6 or 7 digits.',
        autoComplete: 'off',
      },
      { kind: 'email', name: 'email', label: 'Contact email', required: true, autoComplete: 'off' },
    ],
  },
  {
    kind: 'group',
    key: 'consent',
    legend: 'Consent',
    fields: [
      { kind: 'switch', name: 'namedInConsent', label: 'Named on the consent form' },
      {
        kind: 'number',
        name: 'consentOrder',
        label: 'Order on the consent form',
        hint: 'Lower comes first. Leads go only to buyers the visitor saw named.',
        min: 0,
        when: ({ form }) => form.namedInConsent,
      },
    ],
  },
  {
    kind: 'custom',
    key: 'identity-change',
    render: ({ form }) => {
      const { saved } = form
      if (!saved) return null
      const changed =
        saved.name.trim() !== form.name.trim() ||
        saved.tradingName.trim() !== form.tradingName.trim() ||
        saved.fcaNumber.trim() !== form.fcaNumber.trim()
      if (!changed) return null
      return (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900 text-sm"
        >
          This changes who the firm is. Visitors who consented to {saved.tradingName.trim() || saved.name}{' '}
          (FCA {saved.fcaNumber}) did not consent to the new name or number: their leads will not be sold to
          this buyer after you save. The earlier identity is kept in the buyer’s history.
        </p>
      )
    },
  },
  { kind: 'switch', name: 'isActive', label: 'Active' },
]

const toBody = ({ saved: _saved, ...form }: Form) => ({
  ...form,
  tradingName: form.tradingName.trim() === '' ? null : form.tradingName,
  consentOrder: form.consentOrder ?? undefined,
})

/** The firms leads are sold to, and for the one chosen, its contracts. */
export function BuyersPanel() {
  const buyers = useResource<BuyerView, z.input<typeof buyerUpdateSchema>>({ url: BUYERS, noun: 'buyer' })
  const editor = useResourceEditor<BuyerView, Form>({
    empty: emptyForm,
    fromRow: (b) => ({
      name: b.name,
      tradingName: b.tradingName ?? '',
      fcaNumber: b.fcaNumber,
      email: b.email,
      namedInConsent: b.namedInConsent,
      consentOrder: b.consentOrder,
      isActive: b.isActive,
      saved: { name: b.name, tradingName: b.tradingName ?? '', fcaNumber: b.fcaNumber },
    }),
  })
  const [chosenId, setChosenId] = useState<number | null>(null)
  const chosen = buyers.rows.find((b) => b.id === chosenId) ?? null
  const { save, remove } = buyers
  const editing = editor.editing !== null

  return (
    <div className="grid grid-cols-1 gap-6">
      <ResourceHeader
        title="Buyers"
        description="The claims firms leads are sold to. A lead goes only to buyers named on the consent form its visitor saw."
        addLabel="Add Buyer"
        onAdd={editor.startCreate}
      />
      <ResourceTable
        caption="Buyers"
        rows={buyers.rows}
        isLoading={buyers.isLoading}
        error={buyers.error}
        empty="No buyers yet: leads are not sold to anyone"
        columns={[
          { header: 'Name', className: 'font-medium text-slate-900', cell: (b) => b.name },
          { header: 'Trading name', cell: (b) => b.tradingName ?? '—' },
          { header: 'FCA number', className: 'font-mono text-xs', cell: (b) => b.fcaNumber },
          {
            header: 'Consent',
            cell: (b) => (b.namedInConsent ? `Named (order ${b.consentOrder})` : 'Not named'),
          },
          { header: 'Contracts', cell: (b) => `${b.activeContracts} active of ${b.contracts}` },
          {
            header: 'Active',
            cell: (b) => (
              <ActiveToggle
                name={b.name}
                checked={b.isActive}
                disabled={save.isPending}
                onChange={(isActive) => buyers.toggle(b, isActive)}
              />
            ),
          },
          {
            header: 'Actions',
            cell: (b) => (
              <RowActions
                name={b.name}
                onEdit={() => editor.startEdit(b)}
                onDelete={() => editor.setDoomed(b)}
              >
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Contracts of ${b.name}`}
                  aria-pressed={chosenId === b.id}
                  onClick={() => setChosenId(chosenId === b.id ? null : b.id)}
                >
                  <ListChecks className="size-4" aria-hidden="true" />
                  Contracts
                </Button>
                <Link
                  to={`/admin/buyers/${b.id}/access`}
                  className={buttonClasses('secondary', 'sm')}
                  aria-label={`Access of ${b.name}: API keys and sign-in accounts`}
                >
                  <KeyRound className="size-4" aria-hidden="true" />
                  Access
                </Link>
              </RowActions>
            ),
          },
        ]}
      />
      {chosen ? <ContractsSection key={chosen.id} buyer={chosen} /> : null}

      <ResourceDialog
        open={editor.open}
        onOpenChange={editor.setOpen}
        title={editing ? 'Edit Buyer' : 'Add Buyer'}
        description="A firm that buys leads, as the consent form names it."
        fields={fields}
        form={editor.form}
        onChange={editor.setForm}
        schema={editing ? buyerUpdateSchema : buyerCreateSchema}
        toBody={toBody}
        editing={editing}
        error={editor.formError}
        onSubmit={(body) => buyers.submit(editor, body)}
        submitLabel={editing ? 'Update Buyer' : 'Create Buyer'}
        pending={save.isPending}
      />
      <DeleteConfirm
        row={editor.doomed}
        noun="buyer"
        describe={(b) =>
          `${b.name} and its contracts will be deleted. A buyer with sales cannot be deleted: deactivate it instead.`
        }
        pending={remove.isPending}
        onClose={() => editor.setDoomed(null)}
        onConfirm={(b) =>
          remove.mutate(b.id, {
            onSettled: () => editor.setDoomed(null),
            onSuccess: () => chosenId === b.id && setChosenId(null),
          })
        }
      />
    </div>
  )
}
