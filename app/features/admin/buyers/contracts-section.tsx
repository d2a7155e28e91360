import type { z } from 'zod'
import type { BuyerView, ContractView, QuestionChoice } from '../../../../core/schemas/buyer-views.ts'
import { contractCreateSchema, contractUpdateSchema } from '../../../../core/schemas/buyers.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { generateSecret } from '../resource/generate-secret.ts'
import { ResourceDialog } from '../resource/resource-dialog.tsx'
import {
  ActiveToggle,
  DeleteConfirm,
  ResourceHeader,
  ResourceTable,
  RowActions,
} from '../resource/resource-table.tsx'
import { useResource, useResourceEditor } from '../resource/use-resource.ts'
import { useList } from '../use-list.ts'
import { contractFields } from './contract-fields.tsx'
import {
  type ContractForm,
  capsSummary,
  contractToForm,
  emptyContractForm,
  formatPence,
  formToContract,
  personalDataFirst,
  scheduleSummary,
} from './contract-form.ts'

export const BUYERS = '/api/admin/buyers'
const CONTRACTS = '/api/admin/contracts'

/** One buyer's contracts: listed, added, edited, switched on and off, deleted. */
export function ContractsSection({ buyer }: { buyer: BuyerView }) {
  const collection = `${BUYERS}/${buyer.id}/contracts`
  const contracts = useResource<ContractView, z.input<typeof contractUpdateSchema>>({
    url: collection,
    item: (id) => `${CONTRACTS}/${id}`,
    noun: 'contract',
    // Counts of contracts show in the buyers list.
    invalidate: [BUYERS],
  })
  const { rows: questions } = useList<QuestionChoice>(`${BUYERS}/questions`)
  const editor = useResourceEditor<ContractView, ContractForm>({
    empty: () => emptyContractForm(generateSecret()),
    fromRow: contractToForm,
  })
  const { save, remove } = contracts
  const editing = editor.editing
  const name = buyer.tradingName ?? buyer.name

  return (
    <section className="grid gap-4" aria-label={`Contracts of ${name}`}>
      <ResourceHeader
        title={`Contracts of ${name}`}
        description="What this buyer takes, when, how many and at what price; each posts to its own endpoint."
        addLabel="Add Contract"
        onAdd={editor.startCreate}
      />
      <ResourceTable
        caption={`Contracts of ${name}`}
        rows={contracts.rows}
        isLoading={contracts.isLoading}
        error={contracts.error}
        empty="No contracts yet: this buyer is offered no leads"
        columns={[
          { header: 'Name', className: 'font-medium text-slate-900', cell: (c) => c.name },
          { header: 'Price', cell: (c) => formatPence(c.pricePence) },
          {
            header: 'Sold',
            cell: (c) => (c.exclusive ? 'Exclusive' : `Shared (up to ${c.maxBuyers})`),
          },
          { header: 'When', cell: (c) => scheduleSummary(c.schedule) },
          { header: 'Caps', cell: (c) => capsSummary(c.caps) },
          { header: 'Priority / weight', cell: (c) => `${c.priority} / ${c.weight}` },
          {
            header: 'Decides on',
            cell: (c) =>
              c.pingUrl ? (
                <Badge tone="positive">Ping first</Badge>
              ) : (
                <Badge tone="warning">{personalDataFirst}</Badge>
              ),
          },
          {
            header: 'Active',
            cell: (c) => (
              <ActiveToggle
                name={c.name}
                checked={c.isActive}
                disabled={save.isPending}
                onChange={(isActive) => contracts.toggle(c, isActive)}
              />
            ),
          },
          {
            header: 'Actions',
            cell: (c) => (
              <RowActions
                name={c.name}
                onEdit={() => editor.startEdit(c)}
                onDelete={() => editor.setDoomed(c)}
              />
            ),
          },
        ]}
      />
      <ResourceDialog
        className="max-w-3xl"
        open={editor.open}
        onOpenChange={editor.setOpen}
        title={editing ? 'Edit Contract' : 'Add Contract'}
        description={`Terms on which ${name} buys leads.`}
        fields={contractFields(questions, editing?.secretHint)}
        form={editor.form}
        onChange={editor.setForm}
        schema={editing ? contractUpdateSchema : contractCreateSchema}
        toBody={(form) => formToContract(form, editing !== null)}
        editing={editing !== null}
        error={editor.formError}
        onSubmit={(body) => contracts.submit(editor, body)}
        submitLabel={editing ? 'Update Contract' : 'Create Contract'}
        pending={save.isPending}
      />
      <DeleteConfirm
        row={editor.doomed}
        noun="contract"
        describe={(c) => `${name} will be offered no more leads under "${c.name}".`}
        pending={remove.isPending}
        onClose={() => editor.setDoomed(null)}
        onConfirm={(c) => remove.mutate(c.id, { onSettled: () => editor.setDoomed(null) })}
      />
    </section>
  )
}
