import { useState } from 'react'
import { Link } from 'react-router'
import type { AdminReturnView } from '../../../../core/schemas/buyer-access.ts'
import { type ReturnStatus, returnReasons } from '../../../../core/schemas/buyers.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Select, Textarea } from '../../../components/ui/field.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { apiRequest } from '../api.ts'
import { formatDateTime, timeAgo } from '../format.ts'
import { LoadError } from '../load-error.tsx'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { useList } from '../use-list.ts'

const RETURNS = '/api/admin/returns'
const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })
const tone = { pending: 'warning', approved: 'positive', rejected: 'danger' } as const
const statusLabel: Record<ReturnStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
}
type Decision = { item: AdminReturnView; status: 'approved' | 'rejected' }

/** Returns tab: buyers' returns, pending first, each approved (refunding its price) or rejected once. */
export function ReturnsPanel() {
  const [status, setStatus] = useState<ReturnStatus | ''>('pending')
  const url = status ? `${RETURNS}?status=${status}` : RETURNS
  const { rows, error, isLoading } = useList<AdminReturnView>(url)
  const [decision, setDecision] = useState<Decision | null>(null)

  return (
    <section aria-labelledby="returns-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="returns-heading" className="font-bold text-navy-900 text-xl">
            Returns
          </h2>
          <p className="text-slate-600 text-sm">
            Leads buyers handed back. Approving one refunds its price in the ledger; each is decided once.
          </p>
        </div>
        <Field label="Status" className="w-full sm:w-48">
          {(control) => (
            <Select
              {...control}
              value={status}
              onChange={(e) => setStatus(e.target.value as ReturnStatus | '')}
            >
              <option value="pending">Pending</option>
              <option value="approved">Approved</option>
              <option value="rejected">Rejected</option>
              <option value="">All</option>
            </Select>
          )}
        </Field>
      </div>
      <LoadError error={error} />
      <DataTable
        caption="Returns"
        head={['Buyer', 'Lead', 'Reason', 'Returned', 'Status', 'Decision']}
        empty={isLoading ? 'Loading...' : rows.length === 0 ? 'No returns.' : null}
      >
        {rows.map((item) => (
          <tr key={item.id} className="align-top">
            <Cell>
              <span className="font-medium text-navy-900">{item.buyerName}</span>
              <span className="block text-slate-600 text-xs">
                {item.contractName} · {pounds.format(item.pricePence / 100)}
              </span>
            </Cell>
            <Cell>
              {item.leadId !== null && item.reference ? (
                <Link
                  className="break-all font-mono text-teal-800 text-xs underline"
                  to={`/admin?tab=leads&lead=${item.leadId}`}
                >
                  {item.reference}
                </Link>
              ) : (
                <span className="text-slate-600 text-xs">Erased</span>
              )}
            </Cell>
            <Cell>
              {returnReasons[item.reason]}
              {item.note ? <span className="block text-slate-600 text-xs">“{item.note}”</span> : null}
            </Cell>
            <Cell className="whitespace-nowrap">
              <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
                {timeAgo(item.createdAt)}
              </time>
            </Cell>
            <Cell>
              <Badge tone={tone[item.status]}>{statusLabel[item.status]}</Badge>
              {item.decidedAt ? (
                <span className="block text-slate-600 text-xs">
                  {formatDateTime(item.decidedAt)}
                  {item.decidedByEmail ? ` by ${item.decidedByEmail}` : ' (automatic)'}
                </span>
              ) : null}
              {item.decisionNote ? (
                <span className="block text-slate-600 text-xs">“{item.decisionNote}”</span>
              ) : null}
            </Cell>
            <Cell>
              {item.status === 'pending' ? (
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" onClick={() => setDecision({ item, status: 'approved' })}>
                    Approve<span className="sr-only"> return of {item.reference ?? `#${item.id}`}</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setDecision({ item, status: 'rejected' })}
                  >
                    Reject<span className="sr-only"> return of {item.reference ?? `#${item.id}`}</span>
                  </Button>
                </div>
              ) : (
                <span className="text-slate-600 text-xs">Decided</span>
              )}
            </Cell>
          </tr>
        ))}
      </DataTable>
      {decision ? <DecisionDialog decision={decision} onClose={() => setDecision(null)} /> : null}
    </section>
  )
}

function DecisionDialog({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const [note, setNote] = useState('')
  const approve = decision.status === 'approved'
  const decide = useAdminMutation({
    request: () =>
      apiRequest<AdminReturnView>('PUT', `${RETURNS}/${decision.item.id}`, {
        status: decision.status,
        note: note.trim() || null,
      }),
    invalidate: [RETURNS],
    success: () => ({ title: approve ? 'Return approved' : 'Return rejected' }),
    failure: (e) => ({ title: 'Error', description: serverMessage(e) ?? 'The decision was not saved.' }),
  })
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={approve ? 'Approve this return?' : 'Reject this return?'}
      description={
        approve
          ? `${decision.item.buyerName} is refunded ${pounds.format(decision.item.pricePence / 100)}: the ledger records it. This cannot be undone.`
          : `${decision.item.buyerName} keeps the lead and pays for it. This cannot be undone.`
      }
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          decide.mutate(undefined, { onSuccess: onClose })
        }}
      >
        <Field label="Note to the buyer" hint="Optional; the buyer sees it with the outcome">
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={1000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={approve ? 'primary' : 'destructive'}
            disabled={decide.isPending}
            aria-busy={decide.isPending}
          >
            {approve ? 'Approve return' : 'Reject return'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
